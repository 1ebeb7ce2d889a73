import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { parseFile } from 'music-metadata';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEEZER_DOWNLOADER_KEY, REQUEST_TRACK_READY_CHANNEL } from '@radio/contracts';
import { createDb, type Db } from '@radio/db';
import { createAzuraCastSource } from '@radio/station';
import {
  createTestDatabase,
  FAKE_VALID_ARL,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import type { AcquisitionSettings } from '../../src/acquisition/acquire-deezer-track.ts';
import { jobHandlers, runJob } from '../../src/jobs/handlers.ts';
import { startWorker } from '../../src/worker.ts';

const script = (name: string): string =>
  fileURLToPath(new URL(`fake-downloaders/${name}.sh`, import.meta.url));

const BUILT_IN = 'http://127.0.0.1:3102';
/** The fixture track (fixtures/deezer/track.json). */
const RADAR_LOVE = {
  deezerTrackId: '3108251',
  title: 'Radar Love',
  artist: 'Golden Earring',
  album: 'Moontan',
  duration: 386,
};

let redisServer: RedisServer;
let subscriber: Redis;
let redis: Redis;
let published: string[];
let database: TestDatabase;
let db: Db;
let root: string;
let libraryDir: string;
let tempDir: string;
let trace: string;

beforeAll(async () => {
  redisServer = await startRedis();
  subscriber = new Redis(redisServer.url);
  redis = new Redis(redisServer.url);
  await subscriber.subscribe(REQUEST_TRACK_READY_CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => published.push(message));
});
afterAll(async () => {
  subscriber.disconnect();
  redis.disconnect();
  await redisServer.stop();
});
beforeEach(async () => {
  published = [];
  database = await createTestDatabase();
  db = createDb(database.url);
  root = await mkdtemp(path.join(tmpdir(), 'acquisition-test-'));
  libraryDir = path.join(root, 'library-requests');
  tempDir = path.join(root, 'tmp');
  trace = path.join(root, 'trace.txt');
  await mkdir(tempDir);
  await db
    .updateTable('djSettings')
    .set({ deezerArl: FAKE_VALID_ARL, nonstopUrl: `${BUILT_IN}/internal/station/api/nowplaying/1` })
    .execute();
});
afterEach(async () => {
  await db.destroy();
  await database.drop();
  await rm(root, { recursive: true, force: true });
});

async function addRequest(fields: Partial<typeof RADAR_LOVE> = {}): Promise<number> {
  const row = await db
    .insertInto('songRequests')
    .values({
      ...RADAR_LOVE,
      ...fields,
      requesterName: 'Kees',
      source: 'deezer',
      status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const settings = (argv: string[] | null, more: Partial<AcquisitionSettings> = {}) => ({
  command: argv,
  timeoutMs: 20_000,
  bitrate: '128',
  requestLibraryDir: libraryDir,
  tempDir,
  maxAttempts: 2,
  ...more,
});

const downloader = (name: string, ...extra: string[]): string[] => [
  'bash',
  script(name),
  '{url}',
  '{outdir}',
  '{bitrate}',
  '{configdir}',
  trace,
  ...extra,
];

function acquire(requestId: number, acquisition: AcquisitionSettings): Promise<void> {
  const handlers = jobHandlers({
    db,
    redis,
    log: pino({ level: 'silent' }),
    createSource: createAzuraCastSource,
    ingestIntervalMs: 10_000,
    enqueue: async () => {},
    acquisition,
  });
  return runJob(handlers, 'acquire-deezer-track', { requestId });
}

const startTestWorker = (acquisition: AcquisitionSettings) =>
  startWorker({
    db,
    redisUrl: redisServer.url,
    log: pino({ level: 'silent' }),
    createSource: createAzuraCastSource,
    ingestIntervalMs: 60_000,
    acquisition,
  });

const requestRow = (id: number) =>
  db
    .selectFrom('songRequests')
    .select(['downloadStatus', 'downloadError', 'downloadAttempts', 'filename'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const traced = async (): Promise<Record<string, string>> =>
  Object.fromEntries(
    (await readFile(trace, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** Nothing of any run is left: no temp folders, so no ARL file either. */
async function expectNoLeftovers(): Promise<void> {
  expect(await readdir(tempDir)).toEqual([]);
  expect(existsSync((await traced()).configdir ?? '')).toBe(false);
}

async function expectFailedWith(id: number, run: Promise<void>, reason: string): Promise<void> {
  await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
  const row = await requestRow(id);
  expect(row.downloadStatus).toBe('failed');
  expect(row.downloadError).toContain(reason);
  expect(row.downloadError).not.toContain(FAKE_VALID_ARL);
  expect(published).toEqual([]);
}

describe('the acquire-deezer-track job', () => {
  // deemix reads its ARL from $DEEMIX_DATA_DIR, or with --portable from ./config/ (both CLIs):
  // either way it finds the ARL the worker wrote.
  it.each([
    ['as the README writes it', []],
    ['with --portable', ['--portable']],
  ])('runs the deemix CLI %s and stores its track', async (_form, flags: string[]) => {
    const id = await addRequest({ duration: 6 });
    const deemix = ['bash', script('deemix-cli'), ...flags, '-b', '{bitrate}', '-p', '{outdir}'];
    await acquire(id, settings([...deemix, '{url}']));
    expect(await requestRow(id)).toMatchObject({ downloadStatus: 'ready', downloadError: null });
    expect(await readdir(libraryDir)).toEqual(['Golden Earring - Radar Love.mp3']);
  });

  it('puts a downloaded MP3 in the request library, tagged, indexed, ready and announced', async () => {
    const id = await addRequest();
    await acquire(id, settings(downloader('writes-audio', '386', 'mp3')));

    const file = path.join(libraryDir, 'Golden Earring - Radar Love.mp3');
    // The built-in station's library path of a request-only file, never the server's path.
    const libraryPath = 'verzoek/Golden Earring - Radar Love.mp3';
    expect(await requestRow(id)).toEqual({
      downloadStatus: 'ready',
      downloadError: null,
      downloadAttempts: 1,
      filename: libraryPath,
    });
    // The request points at the indexed track, which is what the requests service queues.
    expect(
      await db
        .selectFrom('songRequests')
        .innerJoin('libraryTracks as track', 'track.id', 'songRequests.libraryTrackId')
        .select('track.path')
        .where('songRequests.id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ path: libraryPath });
    expect(await readdir(libraryDir)).toEqual(['Golden Earring - Radar Love.mp3']);
    const tags = await parseFile(file);
    expect(tags.common).toMatchObject({
      title: 'Radar Love',
      artist: 'Golden Earring',
      album: 'Moontan',
    });
    expect(Math.abs((tags.format.duration ?? 0) - 386)).toBeLessThan(1);
    expect(
      await db
        .selectFrom('libraryTracks')
        .select([
          'source',
          'mediaId',
          'requestId',
          'path',
          'title',
          'artist',
          'album',
          'duration',
          'requestable',
        ])
        .execute(),
    ).toEqual([
      {
        source: BUILT_IN,
        // As the library scan publishes the built-in station's files: the library path.
        mediaId: libraryPath,
        requestId: libraryPath,
        path: libraryPath,
        title: 'Radar Love',
        artist: 'Golden Earring',
        album: 'Moontan',
        duration: 386,
        requestable: true,
      },
    ]);
    await waitFor(async () => published.length > 0, 'the ready message', 2_000);
    expect(published).toEqual([String(id)]);
    // The downloader got the track's page, the bitrate and the ARL in its private folder.
    expect(await traced()).toMatchObject({
      url: 'https://www.deezer.com/track/3108251',
      bitrate: '128',
      arl: FAKE_VALID_ARL,
    });
    await expectNoLeftovers();

    // Done is done: a second run touches nothing.
    const before = (await stat(file)).mtimeMs;
    await acquire(id, settings(downloader('writes-nothing')));
    expect((await requestRow(id)).downloadAttempts).toBe(1);
    expect((await stat(file)).mtimeMs).toBe(before);
    // Nothing more was published: a marker sent after the second run is the next message.
    await redis.publish(REQUEST_TRACK_READY_CHANNEL, 'marker');
    await waitFor(async () => published.includes('marker'), 'the marker', 2_000);
    expect(published).toEqual([String(id), 'marker']);
  });

  it('turns audio that is not MP3 into a tagged MP3', async () => {
    const id = await addRequest();
    await acquire(id, settings(downloader('writes-audio', '386', 'flac')));
    const file = path.join(libraryDir, 'Golden Earring - Radar Love.mp3');
    const tags = await parseFile(file);
    expect(tags.format.codec).toMatch(/^MPEG .* Layer 3$/);
    expect(tags.common.title).toBe('Radar Love');
    expect((await requestRow(id)).downloadStatus).toBe('ready');
  });

  it('retries a downloader that wrote nothing, then marks the request failed with its words', async () => {
    const id = await addRequest();
    const run = () => acquire(id, settings(downloader('writes-nothing')));

    const first = run();
    await expect(first).rejects.toThrow('De downloader schreef geen bestand.');
    await expect(first).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect(await requestRow(id)).toMatchObject({ downloadStatus: 'pending', downloadAttempts: 1 });

    await expectFailedWith(id, run(), 'De downloader schreef geen bestand.');
    const row = await requestRow(id);
    expect(row.downloadAttempts).toBe(2);
    expect(row.downloadError).toContain('Track not available: 3108251');
    expect(row.downloadError).toContain('Logging in with [ARL]');
    await expectNoLeftovers();
  });

  it('refuses a text file named .mp3: judged by content, not by name', async () => {
    const id = await addRequest();
    await expectFailedWith(
      id,
      acquire(id, settings(downloader('writes-text'), { maxAttempts: 1 })),
      'De downloader schreef geen audio: Golden Earring - Radar Love.mp3 is geen geluidsbestand.',
    );
    expect(existsSync(libraryDir)).toBe(false);
    await expectNoLeftovers();
  });

  it('refuses audio whose duration is not the Deezer track’s', async () => {
    const id = await addRequest();
    await expectFailedWith(
      id,
      acquire(id, settings(downloader('writes-audio', '200', 'mp3'), { maxAttempts: 1 })),
      'Het bestand duurt 200 s, het Deezer-nummer 386 s',
    );
    expect(existsSync(libraryDir)).toBe(false);
    await expectNoLeftovers();
  });

  it('stops a downloader that hangs past the time limit, with whatever it started', async () => {
    const id = await addRequest();
    const started = Date.now();
    await expectFailedWith(
      id,
      acquire(id, settings(downloader('hangs'), { maxAttempts: 1, timeoutMs: 1_000 })),
      'De downloader was na 1 s nog niet klaar en is gestopt. Uitvoer van de downloader: Downloading...',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const child = Number((await traced()).child);
    const gone = async (): Promise<boolean> => {
      try {
        process.kill(child, 0);
        return false;
      } catch {
        return true;
      }
    };
    await waitFor(gone, 'the downloader’s own child to be ended', 3_000);
    await expectNoLeftovers();
  });

  it('removes the folders (and ARL) a crashed run left behind, and only old ones', async () => {
    const stale = path.join(tempDir, 'radio-acquire-oud');
    const recent = path.join(tempDir, 'radio-acquire-nieuw');
    for (const folder of [stale, recent]) {
      await mkdir(path.join(folder, 'config'), { recursive: true });
      await writeFile(path.join(folder, 'config', '.arl'), FAKE_VALID_ARL);
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, hourAgo, hourAgo);
    const id = await addRequest();
    await acquire(id, settings(downloader('writes-audio', '386', 'mp3')));
    expect(await readdir(tempDir)).toEqual(['radio-acquire-nieuw']);
  });

  it('never overwrites a different file of the same name', async () => {
    await mkdir(libraryDir);
    const existing = path.join(libraryDir, 'Golden Earring - Radar Love.mp3');
    await writeFile(existing, 'een ander bestand');
    const id = await addRequest();
    await acquire(id, settings(downloader('writes-audio', '386', 'mp3')));
    expect(await readFile(existing, 'utf8')).toBe('een ander bestand');
    expect((await requestRow(id)).filename).toBe('verzoek/Golden Earring - Radar Love (2).mp3');
  });

  it('names the file safely whatever the title holds', async () => {
    const id = await addRequest({ artist: '../../etc', title: 'pass/wd\u202e: "x"' });
    await acquire(id, settings(downloader('writes-audio', '386', 'mp3')));
    expect(await readdir(libraryDir)).toEqual(['etc - pass-wd- -x-.mp3']);
  });

  it.each([
    [
      'no downloader is configured',
      null,
      FAKE_VALID_ARL,
      'Geen downloader ingesteld (DEEZER_DOWNLOAD_COMMAND)',
    ],
    ['no ARL is stored', 'writes-audio', null, 'Geen Deezer ARL opgeslagen'],
  ])('fails at once, without retries, when %s', async (_what, name, arl, reason) => {
    await db.updateTable('djSettings').set({ deezerArl: arl }).execute();
    const id = await addRequest();
    await expectFailedWith(
      id,
      acquire(id, settings(name ? downloader(name, '386', 'mp3') : null)),
      reason,
    );
    expect((await requestRow(id)).downloadAttempts).toBe(0);
    expect(existsSync(trace)).toBe(false);
  });

  it('announces no downloader from a worker that has none', async () => {
    await redis.del(DEEZER_DOWNLOADER_KEY);
    const worker = startTestWorker(settings(null));
    await worker.scheduled;
    await worker.close();
    expect(await redis.exists(DEEZER_DOWNLOADER_KEY)).toBe(0);
  });

  it('runs on the acquisition queue of a started worker', async () => {
    const id = await addRequest();
    const worker = startTestWorker(settings(downloader('writes-audio', '386', 'mp3')));
    try {
      await worker.jobs.enqueue('acquire-deezer-track', { requestId: id });
      await worker.jobs.enqueue('acquire-deezer-track', { requestId: id });
      await waitFor(async () => (await requestRow(id)).downloadStatus === 'ready', 'acquisition');
      // While it runs, the worker tells the requests service that Deezer tracks can be fetched.
      expect(await redis.ttl(DEEZER_DOWNLOADER_KEY)).toBeGreaterThan(50);
      const job = await worker.jobs.queue('acquisition').getJob(`acquire-deezer-track-${id}`);
      expect(job?.name).toBe('acquire-deezer-track');
      expect((await requestRow(id)).downloadAttempts).toBe(1);
    } finally {
      await worker.close();
    }
  });
});
