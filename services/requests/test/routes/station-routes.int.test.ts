import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobProducer } from '@radio/contracts/jobs-producer';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import {
  builtInNowPlayingUrl,
  builtInStationPaths,
  createAzuraCastSource,
  type StationSource,
} from '@radio/station';
import { SettingsRepository } from '../../src/settings/settings-repository.ts';
import { BuiltInPlaysRepository } from '../../src/station/built-in-plays-repository.ts';
import { waitFor } from '@radio/testing';
import { makeMp3 as makeAudio } from '../audio.ts';
import { buildRequestsApp } from '../build.ts';

const KEY = 'test-station-api-key';
const INTERNAL_TOKEN = 'test-internal-token';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'radio-library-'));
const libraryDir = path.join(dataDir, 'library');
const requestLibraryDir = path.join(dataDir, 'request-library');

/** A second of silence as an MP3, with the given tags. */
const makeMp3 = (file: string, tags: Record<string, string> = {}, dir = libraryDir): void =>
  makeAudio(path.join(dir, file), { tags });

/** Icecast's public status as the built-in station's Icecast answers it (a fake). */
let icecastStatus: unknown = { icestats: {} };
const icecast = http.createServer((request, response) => {
  if (request.url !== '/status-json.xsl') {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(icecastStatus));
});

let t: TestApp;
let source: StationSource;
beforeAll(async () => {
  await new Promise<void>((resolve) => icecast.listen(0, '127.0.0.1', resolve));
  mkdirSync(path.join(libraryDir, 'Zomer'), { recursive: true });
  mkdirSync(requestLibraryDir);
  makeMp3('Zeeland Zingt - Zomeravond aan Zee.mp3', {}, requestLibraryDir);
  makeMp3('Zomer/Femke de Wit - Tegenwind.mp3', {
    artist: 'Femke de Wit',
    title: 'Tegenwind',
    album: 'Dijk van een dag',
  });
  makeMp3('De Polderjongens - Fietsen in de regen.mp3');
  // Would read as a request-only file's library path: not listed.
  mkdirSync(path.join(libraryDir, 'verzoek'));
  makeMp3('verzoek/Dubbel - Zinnig.mp3');
  writeFileSync(path.join(libraryDir, 'hoes.jpg'), 'geen audio');

  t = await createTestApp(buildRequestsApp, {
    STATION_NAME: 'Radio Testdorp',
    LIBRARY_DIR: libraryDir,
    REQUEST_LIBRARY_DIR: requestLibraryDir,
    PUBLIC_ORIGIN: 'https://radio.test',
    ICECAST_PORT: String((icecast.address() as AddressInfo).port),
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  source = createAzuraCastSource({ nowPlayingUrl: builtInNowPlayingUrl(address), apiKey: KEY });
});
afterAll(async () => {
  await t.close();
  icecast.closeAllConnections();
  icecast.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const station = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.client().request({ method, url, payload, headers: { 'x-api-key': KEY } });

async function clearPlays(): Promise<void> {
  await t.app.db.deleteFrom('builtInPlays').execute();
}

describe('track started → now playing', () => {
  it('answers offline, like AzuraCast, before anything played', async () => {
    await clearPlays();
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying).toEqual({
      stationName: 'Radio Testdorp',
      isOnline: false,
      isLive: false,
      current: null,
      recent: [],
      listeners: { current: 0, unique: 0 },
    });
  });

  it("publishes Icecast's listeners of the station's mounts (the filler's while Liquidsoap restarts)", async () => {
    icecastStatus = {
      icestats: {
        source: [
          { listenurl: 'http://127.0.0.1:8000/radio.mp3', listeners: 5 },
          { listenurl: 'http://127.0.0.1:8000/filler.mp3', listeners: 2 },
          { listenurl: 'http://127.0.0.1:8000/anders.mp3', listeners: 40 },
        ],
      },
    };
    expect((await source.nowPlaying()).listeners).toEqual({ current: 7, unique: 7 });

    icecastStatus = { icestats: { source: { listenurl: 'http://x/radio.mp3', listeners: 3 } } };
    expect((await source.nowPlaying()).listeners).toEqual({ current: 3, unique: 3 });

    icecastStatus = 'kapot';
    expect((await source.nowPlaying()).listeners).toEqual({ current: 0, unique: 0 });
    icecastStatus = { icestats: {} };
  });

  it('publishes the reported track as now playing, read by the AzuraCast adapter', async () => {
    await clearPlays();
    const started = await station('POST', builtInStationPaths.trackStarted, {
      artist: 'Femke de Wit',
      title: 'Tegenwind',
      album: 'Dijk van een dag',
      filename: path.join(libraryDir, 'Zomer/Femke de Wit - Tegenwind.mp3'),
      duration: 52.4,
    });
    expect(started.statusCode).toBe(200);
    const play = started.json();
    expect(play).toMatchObject({ title: 'Tegenwind', duration: 52 });

    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.isOnline).toBe(true);
    expect(nowPlaying.current).toMatchObject({
      sourceId: String(play.id),
      title: 'Tegenwind',
      artist: 'Femke de Wit',
      album: 'Dijk van een dag',
      duration: 52,
      remaining: 52 - (nowPlaying.current?.elapsed ?? 0),
    });
    expect(nowPlaying.current?.elapsed).toBeLessThanOrEqual(1);
    expect(nowPlaying.recent).toEqual([]);
  });

  it('names an untagged track after its file, and moves the previous one into the history', async () => {
    await clearPlays();
    const first = (
      await station('POST', builtInStationPaths.trackStarted, { title: 'Eerste', duration: 60 })
    ).json();
    const second = await station('POST', builtInStationPaths.trackStarted, {
      filename: '/tmp/De Polderjongens - Fietsen in de regen.mp3',
      duration: -1,
    });
    expect(second.json()).toMatchObject({
      artist: 'De Polderjongens',
      title: 'Fietsen in de regen',
      album: '',
      duration: 0,
    });
    expect(second.json().id).toBeGreaterThan(first.id);

    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.current).toMatchObject({ title: 'Fietsen in de regen', album: null });
    expect(nowPlaying.recent.map((song) => song.title)).toEqual(['Eerste']);
  });

  it('lists at most five earlier plays, newest first', async () => {
    await clearPlays();
    for (let n = 1; n <= 7; n += 1) {
      await station('POST', builtInStationPaths.trackStarted, {
        title: `Nummer ${n}`,
        duration: 60,
      });
    }
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.current?.title).toBe('Nummer 7');
    expect(nowPlaying.recent.map((song) => song.title)).toEqual([
      'Nummer 6',
      'Nummer 5',
      'Nummer 4',
      'Nummer 3',
      'Nummer 2',
    ]);
  });

  it('stores a repeated report (same play id) once, at the time the station started it', async () => {
    await clearPlays();
    const startedAt = Math.floor(Date.now() / 1000) - 40;
    const report = { title: 'Herhaald', duration: 60, playId: '1763900000000-42', startedAt };
    const first = await station('POST', builtInStationPaths.trackStarted, report);
    const again = await station('POST', builtInStationPaths.trackStarted, report);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ title: 'Herhaald', startedAt });

    const history = await source.history({
      start: new Date(Date.now() - 3_600_000),
      end: new Date(),
    });
    expect(history.map((play) => play.sourceId)).toEqual([String(first.json().id)]);
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.current?.elapsed).toBeGreaterThanOrEqual(40);
  });

  it('has the worker read now playing at once when a play starts, once per play', async () => {
    const report = { title: 'Meteen', duration: 60, playId: '1763900000000-77' };
    const first = await station('POST', builtInStationPaths.trackStarted, report);
    await station('POST', builtInStationPaths.trackStarted, report);
    const playId: number = first.json().id;
    const jobs = new JobProducer({ url: t.env.REDIS_URL }, () => {});
    try {
      const queue = jobs.queue('now-playing');
      await waitFor(
        async () => (await queue.getJob(`ingest-now-playing-play-${playId}`)) !== undefined,
        'the ingest job',
      );
      const job = await queue.getJob(`ingest-now-playing-play-${playId}`);
      expect(job?.name).toBe('ingest-now-playing');
      expect(job?.data).toEqual({ play: playId });
      const ofThisPlay = (await queue.getJobs(['waiting', 'active', 'completed'])).filter(
        (each) => (each.data as { play?: number }).play === playId,
      );
      expect(ofThisPlay).toHaveLength(1);
    } finally {
      await jobs.close();
    }
  });

  it('keeps the plays when Redis loses its data', async () => {
    await clearPlays();
    await station('POST', builtInStationPaths.trackStarted, { title: 'Blijvend', duration: 60 });
    await t.app.redis.flushdb();
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.current?.title).toBe('Blijvend');
  });

  it('does not believe a station clock far ahead of ours', async () => {
    await clearPlays();
    const response = await station('POST', builtInStationPaths.trackStarted, {
      title: 'Toekomst',
      duration: 60,
      startedAt: Math.floor(Date.now() / 1000) + 86_400,
    });
    expect(response.json().startedAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 61);
  });

  it('refuses a report that is not the expected JSON', async () => {
    const response = await station('POST', builtInStationPaths.trackStarted, { duration: 'lang' });
    expect(response.statusCode).toBe(400);
  });
});

describe('history', () => {
  it('answers the plays within the range, newest first, through the AzuraCast adapter', async () => {
    await clearPlays();
    const log = new BuiltInPlaysRepository(t.app.db);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const song = { artist: 'Bram Visser', album: '', filename: '', duration: 50 };
    await log.record({ ...song, title: 'Vorige week', startedAt: hoursAgo(24 * 7) });
    await log.record({ ...song, title: 'Gisteren', startedAt: hoursAgo(24) });
    await log.record({ ...song, title: 'Vanochtend', startedAt: hoursAgo(4) });
    await log.record({ ...song, title: 'Net', startedAt: hoursAgo(0.01) });

    const plays = await source.history({ start: hoursAgo(30), end: hoursAgo(1) });
    expect(plays.map((play) => play.title)).toEqual(['Vanochtend', 'Gisteren']);
    expect(plays[0]).toMatchObject({ artist: 'Bram Visser', duration: 50, isVisible: true });

    const everything = await source.history({ start: hoursAgo(24 * 8), end: new Date() });
    expect(everything).toHaveLength(4);
  });

  it('defaults to the last two weeks and turns a reversed range around', async () => {
    const all = await station('GET', builtInStationPaths.history);
    expect(all.json()).toHaveLength(4);
    const reversed = await station(
      'GET',
      `${builtInStationPaths.history}?start=${new Date().toISOString()}&end=${new Date(Date.now() - 2 * 3_600_000).toISOString()}`,
    );
    expect(reversed.json().map((row: { song: { title: string } }) => row.song.title)).toEqual([
      'Net',
    ]);
  });

  it('refuses a start that is no date', async () => {
    const response = await station('GET', `${builtInStationPaths.history}?start=gisteren`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('start moet een datum en tijd zijn');
  });
});

describe('library, queue and next entry', () => {
  it('lists the audio files of both folders by library path (never the server’s), all requestable', async () => {
    const tracks = await source.library();
    const track = (libraryPath: string) => ({
      mediaId: libraryPath,
      path: libraryPath,
      requestable: true,
      requestId: libraryPath,
      duration: 1,
    });
    expect(tracks).toEqual([
      {
        ...track('De Polderjongens - Fietsen in de regen.mp3'),
        artist: 'De Polderjongens',
        title: 'Fietsen in de regen',
        album: null,
      },
      {
        ...track('Zomer/Femke de Wit - Tegenwind.mp3'),
        artist: 'Femke de Wit',
        title: 'Tegenwind',
        album: 'Dijk van een dag',
      },
      {
        ...track('verzoek/Zeeland Zingt - Zomeravond aan Zee.mp3'),
        artist: 'Zeeland Zingt',
        title: 'Zomeravond aan Zee',
        album: null,
      },
    ]);
  });

  it('marks the request-only songs as their own playlist in the files list', async () => {
    const files = await station('GET', builtInStationPaths.files);
    const playlists = (files.json() as { title: string; playlists: { name: string }[] }[]).map(
      (file) => [file.title, file.playlists.map((playlist) => playlist.name)],
    );
    expect(playlists).toEqual([
      ['Fietsen in de regen', ['Rotatie']],
      ['Tegenwind', ['Rotatie']],
      ['Zomeravond aan Zee', ['Alleen verzoekjes']],
    ]);
  });

  it('lists a file added to a folder at the next call', async () => {
    makeMp3('Later - Erbij.mp3', {}, requestLibraryDir);
    try {
      const titles = (await source.library()).map((track) => track.title);
      expect(titles).toContain('Erbij');
    } finally {
      rmSync(path.join(requestLibraryDir, 'Later - Erbij.mp3'));
    }
    expect((await source.library()).map((track) => track.title)).not.toContain('Erbij');
  });

  it('answers 503 LIBRARY_UNAVAILABLE, never an empty list, while a folder is missing (its volume not mounted)', async () => {
    for (const folder of [libraryDir, requestLibraryDir]) {
      const unmounted = `${folder}-weg`;
      renameSync(folder, unmounted);
      try {
        for (const url of [builtInStationPaths.files, builtInStationPaths.requests]) {
          const answer = await station('GET', url);
          expect(answer.statusCode).toBe(503);
          expect(answer.headers['retry-after']).toBe('60');
          expect(answer.json()).toEqual({
            code: 'LIBRARY_UNAVAILABLE',
            message: expect.stringContaining(
              'De muziekbibliotheek van de zender is niet bereikbaar',
            ),
          });
          expect(answer.body).not.toContain(dataDir);
        }
        // What the worker's library scan reads: it fails (and is retried) instead of listing nothing.
        await expect(source.library()).rejects.toThrow('HTTP 503');
      } finally {
        renameSync(unmounted, folder);
      }
    }
    expect(await source.library()).toHaveLength(3);
  });

  it('has an empty queue and nothing to play next until the automation queue exists', async () => {
    expect(await source.queue()).toEqual([]);
    const next = await station('GET', builtInStationPaths.next);
    expect(next.statusCode).toBe(204);
    expect(next.body).toBe('');
  });
});

describe('the station key', () => {
  const nowPlaying = (headers: Record<string, string>) =>
    t.client().request({ method: 'GET', url: builtInStationPaths.nowPlaying, headers });

  it('is needed in X-API-Key; the internal token is not the station key', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'x-api-key': 'verkeerd' },
      { 'x-internal-token': KEY },
      { 'x-internal-token': INTERNAL_TOKEN },
      { 'x-api-key': INTERNAL_TOKEN },
    ]) {
      expect((await nowPlaying(headers)).statusCode).toBe(401);
    }
    expect((await nowPlaying({ 'x-api-key': KEY })).statusCode).toBe(200);
  });

  it('is rotated while the service runs: the old key is refused, the new one taken', async () => {
    const settings = new SettingsRepository(t.app.db);
    try {
      await settings.rotateStationKey('gedraaide-stationsleutel');
      expect((await nowPlaying({ 'x-api-key': KEY })).statusCode).toBe(401);
      expect((await nowPlaying({ 'x-api-key': 'gedraaide-stationsleutel' })).statusCode).toBe(200);
    } finally {
      await settings.rotateStationKey(KEY);
    }
  });
});

describe('the nonstop source in dj_settings', () => {
  const builtIn = builtInNowPlayingUrl('http://127.0.0.1:3102');
  const settings = () => new SettingsRepository(t.app.db);
  const nonstop = () =>
    t.app.db
      .selectFrom('djSettings')
      .select(['nonstopUrl', 'nonstopApiKey'])
      .executeTakeFirstOrThrow();
  const setNonstop = (nonstopUrl: string | null, nonstopApiKey: string | null) =>
    t.app.db.updateTable('djSettings').set({ nonstopUrl, nonstopApiKey }).execute();

  it('is pointed at the built-in station at start-up when BUILT_IN_STATION_URL is set', async () => {
    const app = await createTestApp(buildRequestsApp, {
      BUILT_IN_STATION_URL: 'http://127.0.0.1:3102',
    });
    try {
      const row = await app.app.db
        .selectFrom('djSettings')
        .select(['nonstopUrl', 'nonstopApiKey'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ nonstopUrl: builtIn, nonstopApiKey: KEY });
    } finally {
      await app.close();
    }
  });

  it('is left alone without BUILT_IN_STATION_URL', async () => {
    expect(await nonstop()).toEqual({ nonstopUrl: null, nonstopApiKey: null });
  });

  it('takes an empty URL, follows a rotated key, and never replaces an operator URL', async () => {
    await setNonstop('  ', null);
    expect(await settings().useBuiltInStationAsNonstop(builtIn)).toBe(true);
    expect(await nonstop()).toEqual({ nonstopUrl: builtIn, nonstopApiKey: KEY });
    expect(await settings().useBuiltInStationAsNonstop(builtIn)).toBe(false);

    try {
      await settings().rotateStationKey('nieuwe-stationsleutel');
      expect(await nonstop()).toEqual({
        nonstopUrl: builtIn,
        nonstopApiKey: 'nieuwe-stationsleutel',
      });
    } finally {
      await settings().rotateStationKey(KEY);
    }

    await setNonstop('https://radio.example/api/nowplaying/2', 'eigen-sleutel');
    expect(await settings().useBuiltInStationAsNonstop(builtIn)).toBe(false);
    expect(await nonstop()).toEqual({
      nonstopUrl: 'https://radio.example/api/nowplaying/2',
      nonstopApiKey: 'eigen-sleutel',
    });
  });

  it('after an upgrade: a stored INTERNAL_TOKEN is replaced by STATION_API_KEY; a rotated key survives a restart with the same environment', async () => {
    const stationKey = () =>
      t.app.db
        .selectFrom('djSettings')
        .select(['stationApiKey', 'nonstopApiKey', 'liveApiKey'])
        .executeTakeFirstOrThrow();
    // Another copy of the service on the same database, started and stopped.
    const start = async (env: Record<string, string>) => {
      const app = await buildRequestsApp({
        ...t.env,
        BUILT_IN_STATION_URL: 'http://127.0.0.1:3102',
        ...env,
      });
      await app.ready();
      await app.close();
    };
    try {
      // What an earlier version left: no station key of its own, INTERNAL_TOKEN as source keys.
      await t.app.db
        .updateTable('djSettings')
        .set({
          stationApiKey: null,
          stationApiKeyEnv: null,
          nonstopUrl: builtIn,
          nonstopApiKey: INTERNAL_TOKEN,
          liveUrl: 'http://127.0.0.1:3102/internal/station/api/nowplaying/1',
          liveApiKey: INTERNAL_TOKEN,
        })
        .execute();
      await start({ STATION_API_KEY: 'opgewaardeerde-sleutel' });
      expect(await stationKey()).toEqual({
        stationApiKey: 'opgewaardeerde-sleutel',
        nonstopApiKey: 'opgewaardeerde-sleutel',
        liveApiKey: 'opgewaardeerde-sleutel',
      });

      // Rotated (scripts/rotate-station-key.sh); a copy started with its old environment keeps it.
      await new SettingsRepository(t.app.db).rotateStationKey('gedraaide-sleutel');
      await start({ STATION_API_KEY: 'opgewaardeerde-sleutel' });
      expect((await stationKey()).stationApiKey).toBe('gedraaide-sleutel');

      // A STATION_API_KEY changed in .env is taken at the next start.
      await start({ STATION_API_KEY: 'met-de-hand-gezet' });
      expect(await stationKey()).toEqual({
        stationApiKey: 'met-de-hand-gezet',
        nonstopApiKey: 'met-de-hand-gezet',
        liveApiKey: 'met-de-hand-gezet',
      });
    } finally {
      await t.app.db
        .updateTable('djSettings')
        .set({ stationApiKey: KEY, stationApiKeyEnv: null, liveUrl: null, liveApiKey: null })
        .execute();
    }
  });
});
