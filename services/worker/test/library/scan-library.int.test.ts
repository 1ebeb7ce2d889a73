import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createDb, DjSettingsReader, type Db } from '@radio/db';
import {
  builtInNowPlayingUrl,
  builtInStationPaths,
  createAzuraCastSource,
  publishedFiles,
  publishedRequests,
  type BuiltInLibraryTrack,
} from '@radio/station';
import {
  azuraCastError,
  azuraCastFixture,
  createTestDatabase,
  fakeStationPaths,
  startFakeStationServer,
  type FakeStationServer,
  type TestDatabase,
} from '@radio/testing';
import { libraryGroupsOf, type MediaIdFilter } from '../../src/library/library-groups.ts';
import { LibraryTracksRepository } from '../../src/library/library-tracks-repository.ts';
import { scanLibrary } from '../../src/library/scan-library.ts';

let station: FakeStationServer;
let database: TestDatabase;
let db: Db;
let tracks: LibraryTracksRepository;

beforeAll(async () => {
  station = await startFakeStationServer();
});
afterAll(() => station.close());
beforeEach(async () => {
  station.reset();
  warnings = [];
  database = await createTestDatabase();
  db = createDb(database.url);
  tracks = new LibraryTracksRepository(db);
});
afterEach(async () => {
  await db.destroy();
  await database.drop();
});

async function useStation(apiKey: string | null = 'sleutel:geheim'): Promise<void> {
  await db
    .updateTable('djSettings')
    .set({ nonstopUrl: station.nowPlayingUrl, nonstopApiKey: apiKey })
    .execute();
}

/** Scans that told the search its cached answers are out of date. */
let changeSignals = 0;
/** What the scans logged at warn level or above. */
let warnings: { msg: string; group?: string; kept?: number }[] = [];

const scan = (now = new Date()) =>
  scanLibrary({
    settings: new DjSettingsReader(db),
    tracks,
    createSource: createAzuraCastSource,
    timeoutMs: 5_000,
    libraryChanged: async () => {
      changeSignals += 1;
    },
    log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) }),
    now: () => now,
  });

const rows = () =>
  db
    .selectFrom('libraryTracks')
    .select([
      'id',
      'source',
      'mediaId',
      'requestId',
      'path',
      'title',
      'artist',
      'album',
      'duration',
      'requestable',
      'searchArtist',
      'goneAt',
    ])
    .orderBy('id')
    .execute();

describe('scanning an AzuraCast library', () => {
  it('indexes every file with its request id; the jingle is not requestable', async () => {
    await useStation();
    await scan();
    const indexed = await rows();
    expect(indexed).toHaveLength(10);
    expect(indexed.find((row) => row.title === 'Zoutelande')).toMatchObject({
      source: station.url,
      mediaId: '48826d41ebe3d6bb03653f26',
      requestId: '48826d41ebe3d6bb03653f26',
      path: 'Hollandse Hits/BLOF - Zoutelande.mp3',
      artist: 'BLØF',
      searchArtist: 'blof',
      album: 'Aan',
      duration: 188,
      requestable: true,
      goneAt: null,
    });
    expect(indexed.filter((row) => !row.requestable).map((row) => row.title)).toEqual([
      'Station ID (kort)',
    ]);
    expect(indexed.find((row) => row.title === 'Roller Coaster')?.album).toBe('');
  });

  it('marks a vanished track gone (keeping its row) and un-gones it when it comes back', async () => {
    await useStation();
    changeSignals = 0;
    await scan(new Date('2026-11-24T10:00:00Z'));
    // The cached searches are forgotten when the index changed, and only then.
    expect(changeSignals).toBe(1);
    await scan(new Date('2026-11-24T10:05:00Z'));
    expect(changeSignals).toBe(1);
    const [first, ...rest] = azuraCastFixture('files') as unknown[];
    station.respond(fakeStationPaths.files, { json: rest });
    await scan(new Date('2026-11-24T10:15:00Z'));
    expect(changeSignals).toBe(2);
    const zoutelande = async () =>
      (await rows()).find((row) => row.mediaId === '48826d41ebe3d6bb03653f26');
    const gone = await zoutelande();
    expect(gone?.goneAt).toEqual(new Date('2026-11-24T10:15:00Z'));
    expect((await rows()).filter((row) => row.goneAt === null)).toHaveLength(9);

    station.respond(fakeStationPaths.files, { json: [first, ...rest] });
    await scan(new Date('2026-11-24T10:30:00Z'));
    const back = await zoutelande();
    expect(back).toMatchObject({ id: gone?.id, goneAt: null });
  });

  it('updates a track whose tags or requestability changed', async () => {
    await useStation();
    await scan();
    const files = azuraCastFixture('files') as { unique_id: string; title: string }[];
    station.respond(fakeStationPaths.files, {
      json: files.map((file) =>
        file.unique_id === '48826d41ebe3d6bb03653f26'
          ? { ...file, title: 'Zoutelande (live)' }
          : file,
      ),
    });
    station.respond(fakeStationPaths.requests, {
      json: (azuraCastFixture('requests') as { request_id: string }[]).filter(
        (request) => request.request_id !== '48826d41ebe3d6bb03653f26',
      ),
    });
    await scan();
    expect((await rows()).find((row) => row.mediaId === '48826d41ebe3d6bb03653f26')).toMatchObject({
      title: 'Zoutelande (live)',
      requestable: false,
      requestId: null,
    });
  });

  it('marks nothing gone when the station fails, and fails the job', async () => {
    await useStation();
    await scan();
    station.respond(fakeStationPaths.files, azuraCastError(500, 'Database kapot'));
    await expect(scan()).rejects.toThrow('Database kapot');
    expect((await rows()).filter((row) => row.goneAt !== null)).toEqual([]);
  });

  it('keeps every track when the station lists none (one group: the whole library)', async () => {
    await useStation();
    await scan(new Date('2026-11-24T10:00:00Z'));
    station.respond(fakeStationPaths.files, { json: [] });
    await scan(new Date('2026-11-24T10:15:00Z'));
    expect((await rows()).filter((row) => row.goneAt === null)).toHaveLength(10);
    expect(warnings).toMatchObject([{ group: 'library', kept: 10 }]);
  });

  it('does nothing without a station key (the files API needs one)', async () => {
    await useStation(null);
    await scan();
    expect(await rows()).toEqual([]);
    expect(station.requests).toEqual([]);
  });
});

describe('scanning the built-in station', () => {
  const track = (path: string, artist: string, title: string): BuiltInLibraryTrack => ({
    path,
    requestOnly: path.startsWith('verzoek/'),
    artist,
    title,
    album: '',
    genre: 'Demo',
    duration: 50,
    modifiedAt: 1_770_000_000,
  });
  const rotation = [
    track('Femke de Wit - Zomer aan het IJ.mp3', 'Femke de Wit', 'Zomer aan het IJ'),
    track('De Polderjongens - Fietsen in de regen.mp3', 'De Polderjongens', 'Fietsen in de regen'),
  ];
  const requestOnly = [
    track('verzoek/Zeeland Zingt - Zomeravond aan Zee.mp3', 'Zeeland Zingt', 'Zomeravond aan Zee'),
    track('verzoek/Anneke Bosman - Tegenwind.mp3', 'Anneke Bosman', 'Tegenwind'),
  ];
  const library = [...rotation, ...requestOnly];

  /** The built-in station, listing what the requests service publishes of these tracks. */
  async function useBuiltInStation(listed: readonly BuiltInLibraryTrack[]): Promise<void> {
    station.respond(builtInStationPaths.files, { status: 200, json: publishedFiles(listed) });
    station.respond(builtInStationPaths.requests, { status: 200, json: publishedRequests(listed) });
    await db
      .updateTable('djSettings')
      .set({ nonstopUrl: builtInNowPlayingUrl(station.url), nonstopApiKey: 'sleutel:geheim' })
      .execute();
  }

  /**
   * A scan of the whole library, then one that lists `listed`: the titles gone after it, and
   * those the song search offers (live and requestable).
   */
  async function rescanListing(listed: readonly BuiltInLibraryTrack[]) {
    await useBuiltInStation(library);
    await scan(new Date('2026-11-24T10:00:00Z'));
    changeSignals = 0;
    await useBuiltInStation(listed);
    await scan(new Date('2026-11-24T10:15:00Z'));
    const after = await rows();
    const titles = (keep: (row: (typeof after)[number]) => boolean) =>
      after
        .filter(keep)
        .map((row) => row.title)
        .sort();
    return {
      gone: titles((row) => row.goneAt !== null),
      requestable: titles((row) => row.goneAt === null && row.requestable),
    };
  }

  it('indexes both folders by library path, every track requestable', async () => {
    await useBuiltInStation(library);
    await scan();
    expect(
      (await rows()).map(({ mediaId, path, requestId, requestable, title }) => ({
        mediaId,
        path,
        requestId,
        requestable,
        title,
      })),
    ).toEqual(
      library.map((track) => ({
        mediaId: track.path,
        path: track.path,
        requestId: track.path,
        requestable: true,
        title: track.title,
      })),
    );
  });

  it('replaces an index by absolute paths (before paths were relative); requests keep their track', async () => {
    await useBuiltInStation(library);
    const oldPath = '/data/request-library/Zeeland Zingt - Zomeravond aan Zee.mp3';
    await tracks.upsert(station.url, [
      {
        mediaId: oldPath,
        path: oldPath,
        requestId: oldPath,
        title: 'Zomeravond aan Zee',
        artist: 'Zeeland Zingt',
        album: null,
        duration: 45,
        requestable: true,
      },
    ]);
    const [old] = await rows();
    const request = await db
      .insertInto('songRequests')
      .values({
        title: 'Zomeravond aan Zee',
        artist: 'Zeeland Zingt',
        requesterName: 'Kees',
        status: 'played',
        libraryTrackId: old?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scan();

    const after = await rows();
    expect(after.filter((row) => row.goneAt === null).map((row) => row.path)).toEqual(
      library.map((track) => track.path),
    );
    expect(after.find((row) => row.id === old?.id)?.goneAt).toBeInstanceOf(Date);
    expect(
      await db
        .selectFrom('songRequests')
        .select('libraryTrackId')
        .where('id', '=', request.id)
        .executeTakeFirst(),
    ).toEqual({ libraryTrackId: old?.id });
  });

  it('keeps every track requestable when both folders list empty (volume not mounted, emptied)', async () => {
    expect(await rescanListing([])).toEqual({
      gone: [],
      requestable: ['Fietsen in de regen', 'Tegenwind', 'Zomer aan het IJ', 'Zomeravond aan Zee'],
    });
    expect(changeSignals).toBe(0);
    expect(warnings).toMatchObject([
      { group: 'rotation', kept: 2, msg: 'library folder listed empty: its tracks kept' },
      { group: 'request-only', kept: 2, msg: 'library folder listed empty: its tracks kept' },
    ]);
  });

  it('keeps the request-only songs while their folder lists empty; a rotation track removed is gone', async () => {
    expect(await rescanListing(rotation.slice(1))).toEqual({
      gone: ['Zomer aan het IJ'],
      requestable: ['Fietsen in de regen', 'Tegenwind', 'Zomeravond aan Zee'],
    });
    expect(warnings).toMatchObject([{ group: 'request-only', kept: 2 }]);
  });

  it('keeps the rotation while its folder lists empty; a request-only song removed is gone', async () => {
    expect(await rescanListing(requestOnly.slice(1))).toEqual({
      gone: ['Zomeravond aan Zee'],
      requestable: ['Fietsen in de regen', 'Tegenwind', 'Zomer aan het IJ'],
    });
    expect(warnings).toMatchObject([{ group: 'rotation', kept: 2 }]);
  });
});

describe('indexing one track (a file the worker added)', () => {
  it('is never marked gone by a scan that started before it was added', async () => {
    await useStation();
    const scanStartedAt = new Date(Date.now() - 1_000);
    await tracks.upsert(station.url, [
      {
        mediaId: 'verzoek/Nieuw - Gedownload.mp3',
        path: 'verzoek/Nieuw - Gedownload.mp3',
        title: 'Gedownload',
        artist: 'Nieuw',
        album: null,
        duration: 200,
        requestable: true,
        requestId: 'verzoek/Nieuw - Gedownload.mp3',
      },
    ]);
    expect(await tracks.markGone(station.url, [], scanStartedAt)).toBe(0);
    expect((await rows()).map((row) => [row.title, row.goneAt])).toEqual([['Gedownload', null]]);
  });
});

describe('marking gone by group', () => {
  const [rotation, requestOnly] = libraryGroupsOf(builtInNowPlayingUrl('http://requests:3000')).map(
    (group) => group.mediaIds,
  ) as [MediaIdFilter, MediaIdFilter];
  const indexed = (mediaId: string) => ({
    mediaId,
    path: mediaId,
    requestId: mediaId,
    title: mediaId,
    artist: 'Demo',
    album: null,
    duration: 60,
    requestable: true,
  });
  const live = async () =>
    (await rows()).filter((row) => row.goneAt === null).map((row) => row.mediaId);

  beforeEach(async () => {
    await tracks.upsert(
      'http://station',
      ['Een.mp3', 'Twee.mp3', 'verzoekjes/Drie.mp3', 'verzoek/Vier.mp3', 'verzoek/Vijf.mp3'].map(
        indexed,
      ),
      new Date('2026-11-24T10:00:00Z'),
    );
  });
  const later = new Date('2026-11-24T10:15:00Z');

  it('counts the live tracks of a group', async () => {
    expect(await tracks.countLive('http://station', requestOnly)).toBe(2);
    expect(await tracks.countLive('http://station', rotation)).toBe(3);
    expect(await tracks.countLive('http://elders', rotation)).toBe(0);
  });

  it('leaves the kept group alone and marks the unlisted tracks of the others', async () => {
    expect(await tracks.markGone('http://station', ['Een.mp3'], later, later, [requestOnly])).toBe(
      2,
    );
    expect(await live()).toEqual(['Een.mp3', 'verzoek/Vier.mp3', 'verzoek/Vijf.mp3']);
    expect(await tracks.countLive('http://station', rotation)).toBe(1);
  });

  it('marks nothing when every group is kept', async () => {
    expect(await tracks.markGone('http://station', [], later, later, [rotation, requestOnly])).toBe(
      0,
    );
    expect(await live()).toHaveLength(5);
  });
});

describe('the library index at scale', () => {
  it('indexes 200,000 tracks, rescans them and marks the vanished ones gone in seconds', async () => {
    const many = Array.from({ length: 200_000 }, (_, index) => ({
      mediaId: `media-${index}`,
      path: `Artiest ${index % 5000}/Titel ${index}.mp3`,
      title: `Titel ${index}`,
      artist: `Artiest ${index % 5000}`,
      album: `Album ${index % 20000}`,
      duration: 180 + (index % 120),
      requestable: index % 10 !== 0,
      requestId: index % 10 !== 0 ? `media-${index}` : null,
    }));
    const first = new Date('2026-11-24T10:00:00Z');
    let started = performance.now();
    expect(await tracks.upsert('http://station', many, first)).toBe(200_000);
    const firstMs = performance.now() - started;

    const second = new Date('2026-11-24T10:15:00Z');
    const listed = many.slice(1_000);
    listed[0] = { ...listed[0]!, title: 'Nieuwe titel' };
    started = performance.now();
    // An unchanged library is not written again: only the changed track.
    expect(await tracks.upsert('http://station', listed, second)).toBe(1);
    const ids = listed.map((track) => track.mediaId);
    expect(await tracks.markGone('http://station', ids, second, second)).toBe(1_000);
    const rescanMs = performance.now() - started;
    console.info(
      `200,000 tracks: first scan ${Math.round(firstMs)} ms, rescan ${Math.round(rescanMs)} ms`,
    );
    expect(firstMs).toBeLessThan(20_000);
    expect(rescanMs).toBeLessThan(20_000);
  }, 120_000);
});
