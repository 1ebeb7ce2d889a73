import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createDb, type Db } from '@radio/db';
import { cuttableLink } from '@radio/service-kit/testing';
import { createAzuraCastSource } from '@radio/station';
import {
  createTestDatabase,
  fakeStationPaths,
  startFakeStationServer,
  startRedis,
  waitFor,
  type FakeStationServer,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import { startWorker, type RunningWorker, type WorkerDeps } from '../src/worker.ts';
import { linesWith, recordingLogger } from './support/recording-logger.ts';

const INGEST_INTERVAL_MS = 200;

let redisServer: RedisServer;
let station: FakeStationServer;
let database: TestDatabase;
let db: Db;
/** Every worker a test starts; each is closed after it. */
let running: RunningWorker[];

beforeAll(async () => {
  redisServer = await startRedis();
  station = await startFakeStationServer();
});
afterAll(async () => {
  await station.close();
  await redisServer.stop();
});
// Each test has its own database and an empty Redis: none depends on another's leftovers.
beforeEach(async () => {
  const redis = new Redis(redisServer.url);
  await redis.flushall();
  redis.disconnect();
  station.reset();
  database = await createTestDatabase();
  db = createDb(database.url);
  running = [];
});
afterEach(async () => {
  for (const worker of running) await worker.close();
  await db.destroy();
  await database.drop();
});

function start(overrides: Partial<WorkerDeps> = {}): RunningWorker {
  const worker = startWorker({
    db,
    redisUrl: redisServer.url,
    log: pino({ level: 'silent' }),
    createSource: createAzuraCastSource,
    ingestIntervalMs: INGEST_INTERVAL_MS,
    ...overrides,
  });
  running.push(worker);
  return worker;
}

async function stop(worker: RunningWorker): Promise<void> {
  running = running.filter((other) => other !== worker);
  await worker.close();
}

async function addSession(sid: string, expire: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, sess: JSON.stringify({ userId: 1 }), expire })
    .execute();
}

async function sessionIds(): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('sid').orderBy('sid').execute();
  return rows.map((row) => row.sid);
}

async function playCount(): Promise<number> {
  const rows = await db.selectFrom('playHistory').select('azuracastId').execute();
  expect(new Set(rows.map((row) => row.azuracastId)).size).toBe(rows.length);
  return rows.length;
}

async function useFakeStation(apiKey: string | null = null): Promise<void> {
  await db
    .updateTable('djSettings')
    .set({ nonstopUrl: station.nowPlayingUrl, nonstopApiKey: apiKey })
    .execute();
}

const nowPlayingPolls = (): number =>
  station.requests.filter((request) => request.path === fakeStationPaths.nowplaying).length;

/** The backfill jobs kept on station-sync (which also carries the library scan). */
const backfillJobs = async (
  worker: RunningWorker,
  states: ('completed' | 'waiting' | 'active' | 'delayed' | 'failed')[] = [
    'completed',
    'waiting',
    'active',
    'delayed',
    'failed',
  ],
) =>
  (await worker.jobs.queue('station-sync').getJobs(states)).filter(
    (job) => job.name === 'backfill-history',
  );

const schedulesOf = async (
  worker: RunningWorker,
  queue: 'now-playing' | 'maintenance' | 'station-sync',
) =>
  (await worker.jobs.queue(queue).getJobSchedulers())
    .map(({ key, every }) => ({ key, every }))
    .sort((a, b) => a.key.localeCompare(b.key));

describe('the worker', () => {
  it('removes expired sessions on start and every 15 minutes, keeping live ones', async () => {
    await addSession('verlopen', new Date(Date.now() - 60_000));
    await addSession('geldig', new Date(Date.now() + 3_600_000));

    const worker = start();
    await worker.scheduled;

    await waitFor(async () => (await sessionIds()).length === 1, 'session clean-up');
    expect(await sessionIds()).toEqual(['geldig']);
    expect(await schedulesOf(worker, 'maintenance')).toEqual([
      { key: 'remove-expired-sessions', every: 15 * 60 * 1000 },
      { key: 'remove-unused-voice-messages', every: 60 * 60 * 1000 },
    ]);
    expect(await schedulesOf(worker, 'now-playing')).toEqual([
      { key: 'ingest-now-playing', every: INGEST_INTERVAL_MS },
    ]);
    expect(await schedulesOf(worker, 'station-sync')).toEqual([
      { key: 'scan-library', every: 15 * 60 * 1000 },
    ]);
  });

  it('indexes the station library at start', async () => {
    await useFakeStation('sleutel:geheim');
    start({ libraryScanIntervalMs: 60_000 });
    const indexed = async () =>
      (await db.selectFrom('libraryTracks').select('id').execute()).length;
    // files.json: 10 files.
    await waitFor(async () => (await indexed()) === 10, 'the library scanned');
  });

  it('indexes a station that is configured after the start at once, not at the next interval', async () => {
    // As under `make up`: the worker starts before the requests service registers the built-in
    // station, so the scan at start finds no source.
    const worker = start({ libraryScanIntervalMs: 60 * 60_000 });
    await waitFor(
      async () =>
        (await worker.jobs.queue('station-sync').getJobs(['completed'])).some(
          (job) => job.name === 'scan-library',
        ),
      'the scan at start',
    );
    await useFakeStation('sleutel:geheim');
    const indexed = async () =>
      (await db.selectFrom('libraryTracks').select('id').execute()).length;
    await waitFor(async () => (await indexed()) === 10, 'the library scanned');
  });

  it('keeps one schedule per job when a second copy starts, and drops one a queue no longer carries', async () => {
    const first = start();
    await first.scheduled;
    // An older worker polled now playing on the maintenance queue.
    await first.jobs
      .queue('maintenance')
      .upsertJobScheduler('ingest-now-playing', { every: 10_000 }, { name: 'ingest-now-playing' });

    const second = start();
    await second.scheduled;
    await stop(second);

    expect(await schedulesOf(first, 'maintenance')).toEqual([
      { key: 'remove-expired-sessions', every: 15 * 60 * 1000 },
      { key: 'remove-unused-voice-messages', every: 60 * 60 * 1000 },
    ]);
    expect(await first.jobs.queue('now-playing').getJobSchedulersCount()).toBe(1);
  });

  it('polls the station, backfills its history and stores each play once, across a restart', async () => {
    await useFakeStation('sleutel:geheim');
    const worker = start();
    // nowplaying.json: 6 visible plays; history.json adds 2 older ones (and a hidden jingle).
    await waitFor(async () => (await playCount()) === 8, 'ingested and backfilled plays');
    expect(await backfillJobs(worker)).toHaveLength(1);

    await stop(worker);
    start();
    const polls = nowPlayingPolls();
    await waitFor(async () => nowPlayingPolls() >= polls + 3, 'polls after the restart');
    expect(await playCount()).toBe(8);
  });

  it('enqueues a backfill of one window once, and refuses data that is not a window', async () => {
    const worker = start();
    const window = { from: '2026-11-21T10:00:00.000Z', to: '2026-11-21T12:00:00.000Z' };
    await worker.jobs.enqueue('backfill-history', window);
    await worker.jobs.enqueue('backfill-history', window);
    await waitFor(
      async () => (await backfillJobs(worker, ['completed'])).length === 1,
      'the one backfill',
    );
    await worker.jobs.enqueue('backfill-history', window);
    expect(await backfillJobs(worker)).toHaveLength(1);
    await expect(
      worker.jobs.enqueue('backfill-history', { from: 'gisteren', to: window.to }),
    ).rejects.toThrow();
  });

  it('keeps polling now playing on time while slow backfills run', async () => {
    await useFakeStation('sleutel:geheim');
    station.respond(fakeStationPaths.history, { delayMs: 4_000 });
    const worker = start();
    // The first poll asks for a (slow) backfill; three more gaps are waiting behind it.
    await waitFor(async () => nowPlayingPolls() >= 1, 'first poll');
    for (const hour of [8, 9, 10]) {
      await worker.jobs.enqueue('backfill-history', {
        from: new Date(Date.UTC(2026, 10, 21, hour)).toISOString(),
        to: new Date(Date.UTC(2026, 10, 21, 11)).toISOString(),
      });
    }
    const historyCalls = (): number =>
      station.requests.filter((request) => request.path === fakeStationPaths.history).length;
    await waitFor(async () => historyCalls() >= 1, 'a running backfill');
    const before = nowPlayingPolls();
    // Every 200 ms: about 10 polls in 2 s, whatever the backfills do; six at least within 2 s.
    await waitFor(async () => nowPlayingPolls() - before >= 6, 'six polls in 2 s', 2_000);
  });
});

describe('the worker without its dependencies', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'worker-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('starts while Redis is down, beats its heartbeat, and works once Redis is back', async () => {
    const gate = await cuttableLink(redisServer.url);
    await gate.cut();
    const heartbeatFile = path.join(folder, 'heartbeat');
    const { log, lines } = recordingLogger();
    await addSession('verlopen', new Date(Date.now() - 60_000));
    const worker = start({
      redisUrl: gate.url,
      log,
      heartbeatFile,
      heartbeatIntervalMs: 100,
    });
    try {
      await waitFor(async () => (await stat(heartbeatFile)).size > 0, 'first heartbeat');
      const firstBeat = (await stat(heartbeatFile)).mtimeMs;
      await waitFor(
        async () => (await stat(heartbeatFile)).mtimeMs > firstBeat,
        'another heartbeat while Redis is down',
      );
      expect(await sessionIds()).toEqual(['verlopen']);

      await gate.restore();
      await worker.scheduled;
      await waitFor(async () => (await sessionIds()).length === 0, 'session clean-up');
      // Each connection reconnected every second or so: one line per kind of failure
      // (redis connection, worker, queue), not one per try.
      const failures = lines.filter((line) => line.level >= 40).map((line) => line.msg);
      expect(failures).toHaveLength(new Set(failures).size);
      expect(failures).toContain('redis connection error');
      expect(linesWith(lines, 'repeating jobs scheduled')).toHaveLength(1);
    } finally {
      await stop(worker);
      await gate.close();
    }
  });

  it('polls on while Postgres is down, logs that once, and stores plays once it is back', async () => {
    await useFakeStation();
    const gate = await cuttableLink(database.url);
    await gate.cut();
    const { log, lines } = recordingLogger();
    const gatedDb = createDb(gate.url);
    const worker = start({ db: gatedDb, log });
    try {
      // Several failed polls, one line.
      await waitFor(
        async () =>
          (await worker.jobs.queue('now-playing').getJobs(['failed'])).filter(
            (job) => job.name === 'ingest-now-playing',
          ).length >= 5,
        'polls failing while Postgres is down',
      );
      const failed = lines.filter(
        (line) => line.msg === 'job failed' && line.job === 'ingest-now-playing',
      );
      expect(failed).toHaveLength(1);

      await gate.restore();
      await waitFor(async () => (await playCount()) === 6, 'plays stored after the outage');
    } finally {
      await stop(worker);
      await gatedDb.destroy();
      await gate.close();
    }
  });
});
