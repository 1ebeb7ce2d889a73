import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createDb, type Db } from '@radio/db';
import { createAzuraCastSource } from '@radio/station';
import {
  createTestDatabase,
  startFakeStationServer,
  startRedis,
  waitFor,
  type FakeStationServer,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import { JOB_NAMES, MAINTENANCE_QUEUE } from '../src/jobs/job-names.ts';
import { startWorker, type RunningWorker } from '../src/worker.ts';

const INGEST_INTERVAL_MS = 200;

let database: TestDatabase;
let redis: RedisServer;
let station: FakeStationServer;
let db: Db;
let worker: RunningWorker;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await startRedis();
  station = await startFakeStationServer();
  db = createDb(database.url);
});
afterAll(async () => {
  await worker.close();
  await db.destroy();
  await station.close();
  await redis.stop();
  await database.drop();
});

const start = (): Promise<RunningWorker> =>
  startWorker({
    db,
    redisUrl: redis.url,
    log: pino({ level: 'silent' }),
    createSource: createAzuraCastSource,
    ingestIntervalMs: INGEST_INTERVAL_MS,
  });

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

describe('the worker', () => {
  it('removes expired sessions on start and every 15 minutes, keeping live ones', async () => {
    await addSession('verlopen', new Date(Date.now() - 60_000));
    await addSession('geldig', new Date(Date.now() + 3_600_000));

    worker = await start();

    await waitFor(async () => (await sessionIds()).length === 1, 'session clean-up');
    expect(await sessionIds()).toEqual(['geldig']);
    const schedulers = await worker.queue.getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: JOB_NAMES.removeExpiredSessions, every: 15 * 60 * 1000 }),
        expect.objectContaining({ key: JOB_NAMES.ingestNowPlaying, every: INGEST_INTERVAL_MS }),
      ]),
    );
    expect(worker.queue.name).toBe(MAINTENANCE_QUEUE);
  });

  it('keeps one schedule per job when a second copy starts', async () => {
    const second = await start();
    await second.close();
    expect(await worker.queue.getJobSchedulersCount()).toBe(2);
  });

  it('polls the station, backfills its history and stores each play once, across a restart', async () => {
    await db
      .updateTable('djSettings')
      .set({ nonstopUrl: station.nowPlayingUrl, nonstopApiKey: 'sleutel:geheim' })
      .execute();
    // nowplaying.json: 6 visible plays; history.json adds 2 older ones (and a hidden jingle).
    await waitFor(async () => (await playCount()) === 8, 'ingested and backfilled plays');
    const backfills = await worker.queue.getJobs(['completed']);
    expect(backfills.filter((job) => job.name === JOB_NAMES.backfillHistory)).toHaveLength(1);

    await worker.close();
    worker = await start();
    const polls = station.requests.length;
    await waitFor(async () => station.requests.length >= polls + 3, 'polls after the restart');
    expect(await playCount()).toBe(8);
  });
});
