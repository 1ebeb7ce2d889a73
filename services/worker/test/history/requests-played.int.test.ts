import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@radio/db';
import type { PlayedSong } from '@radio/station';
import { createTestDatabase, type TestDatabase } from '@radio/testing';
import { PlayHistoryRepository } from '../../src/history/play-history-repository.ts';

const AZURACAST = 'https://azuracast.test';
const REQUESTED_AT = new Date('2026-11-24T12:00:00Z');
const minutesAfter = (minutes: number) => new Date(REQUESTED_AT.getTime() + minutes * 60_000);

let database: TestDatabase;
let db: Db;
let history: PlayHistoryRepository;
/** What the repository said it marked played, each call's request ids. */
const told: number[][] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  history = new PlayHistoryRepository(db, (rows) => told.push(rows.map((row) => row.id)));
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

async function requestOf(
  track: {
    source: string;
    requestId: string | null;
    title: string;
    artist: string;
  },
  stationSubmittedAt: Date | null = null,
) {
  const row = await db
    .insertInto('libraryTracks')
    .values({ ...track, mediaId: `${track.title}-${track.source}`, path: `${track.title}.mp3` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = await db
    .insertInto('songRequests')
    .values({
      title: track.title,
      artist: track.artist,
      requesterName: 'Sanne',
      status: 'approved',
      requestedAt: REQUESTED_AT,
      stationSubmittedAt,
      libraryTrackId: row.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return request.id;
}

const play = (sourceId: string, title: string, artist: string, playedAt: Date): PlayedSong => ({
  sourceId,
  title,
  artist,
  album: null,
  playedAt,
  duration: 200,
  isVisible: true,
});

const statusOf = (id: number) =>
  db
    .selectFrom('songRequests')
    .select(['status', 'playedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('requests submitted to AzuraCast', () => {
  it('become played when its history shows their track after the request', async () => {
    const id = await requestOf({
      source: AZURACAST,
      requestId: 'b9503a786a0f86b72e30343b',
      title: 'Zoutelande',
      artist: 'BLØF',
    });
    // Played before the request: not this request's play.
    await history.record(AZURACAST, [play('1', 'Zoutelande', 'BLØF', minutesAfter(-30))]);
    expect(await statusOf(id)).toEqual({ status: 'approved', playedAt: null });
    told.length = 0;

    await history.record(AZURACAST, [
      play('2', 'Iets anders', 'BLØF', minutesAfter(4)),
      play('3', 'ZOUTELANDE', 'Blof', minutesAfter(8)),
    ]);
    expect(await statusOf(id)).toEqual({ status: 'played', playedAt: minutesAfter(8) });
    // The rows it changed go to the live push (their owners are told).
    expect(told).toEqual([[id]]);
  });

  it('approved in a live show and sent afterwards, count only plays after they were sent', async () => {
    const sentAt = minutesAfter(60);
    const id = await requestOf(
      {
        source: AZURACAST,
        requestId: 'c1a2b3',
        title: 'Aan de kust',
        artist: 'BLØF',
      },
      sentAt,
    );
    // The rotation played it during the live show, before it was sent: not this request's play.
    await history.record(AZURACAST, [play('6', 'Aan de kust', 'BLØF', minutesAfter(20))]);
    expect(await statusOf(id)).toEqual({ status: 'approved', playedAt: null });
    await history.record(AZURACAST, [play('7', 'Aan de kust', 'BLØF', minutesAfter(63))]);
    expect(await statusOf(id)).toEqual({ status: 'played', playedAt: minutesAfter(63) });
  });

  it('leaves requests of another source and of the built-in station alone', async () => {
    const other = await requestOf({
      source: 'https://elders.test',
      requestId: 'x1',
      title: 'Laat me',
      artist: 'Ramses Shaffy',
    });
    const builtIn = await requestOf({
      source: 'http://127.0.0.1:3102',
      requestId: null,
      title: 'Tegenwind',
      artist: 'Femke de Wit',
    });
    await history.record(AZURACAST, [play('4', 'Laat me', 'Ramses Shaffy', minutesAfter(10))]);
    await history.record('http://127.0.0.1:3102', [
      play('5', 'Tegenwind', 'Femke de Wit', minutesAfter(10)),
    ]);
    expect((await statusOf(other)).status).toBe('approved');
    expect((await statusOf(builtIn)).status).toBe('approved');
  });
});
