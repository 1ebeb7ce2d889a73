import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createDb, type Db } from '@radio/db';
import {
  createTestDatabase,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import { JOB_NAMES, MAINTENANCE_QUEUE } from '../src/jobs/job-names.ts';
import { startWorker, type RunningWorker } from '../src/worker.ts';

let database: TestDatabase;
let redis: RedisServer;
let db: Db;
let worker: RunningWorker;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await startRedis();
  db = createDb(database.url);
});
afterAll(async () => {
  await worker.close();
  await db.destroy();
  await redis.stop();
  await database.drop();
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

describe('the worker', () => {
  it('removes expired sessions on start and every 15 minutes, keeping live ones', async () => {
    await addSession('verlopen', new Date(Date.now() - 60_000));
    await addSession('geldig', new Date(Date.now() + 3_600_000));

    worker = await startWorker({ db, redisUrl: redis.url, log: pino({ level: 'silent' }) });

    await waitFor(async () => (await sessionIds()).length === 1, 'session clean-up');
    expect(await sessionIds()).toEqual(['geldig']);
    const schedulers = await worker.queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: JOB_NAMES.removeExpiredSessions, every: 15 * 60 * 1000 }),
    ]);
    expect(worker.queue.name).toBe(MAINTENANCE_QUEUE);
  });

  it('keeps one schedule when a second copy starts', async () => {
    const second = await startWorker({ db, redisUrl: redis.url, log: pino({ level: 'silent' }) });
    await second.close();
    expect(await worker.queue.getJobSchedulersCount()).toBe(1);
  });
});
