import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createDb, type Db } from '@radio/db';
import { LocalStorage, type ObjectStorage } from '@radio/storage';
import {
  createTestDatabase,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import { createAzuraCastSource } from '@radio/station';
import { startWorker, type RunningWorker } from '../../src/worker.ts';

const HOUR = 3_600_000;

let database: TestDatabase;
let db: Db;
let redis: RedisServer;
let dir: string;
let storage: ObjectStorage;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  redis = await startRedis();
  dir = await mkdtemp(path.join(os.tmpdir(), 'radio-worker-storage-'));
  storage = new LocalStorage({ dir, urlPrefix: '/files', signingSecret: 'geheim' });
});
afterAll(async () => {
  await worker?.close();
  await db.destroy();
  await database.drop();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
});

let count = 0;
/** A voice message as the uploads service stores it: an object and a row. */
async function voiceMessage(userId: number, ageHours: number) {
  count += 1;
  const objectKey = `voicetracks/${String(count).padStart(32, '0')}.mp3`;
  await storage.put(objectKey, Readable.from([Buffer.from('ID3 groet')]), {
    maxBytes: 1_000,
    contentType: 'audio/mpeg',
  });
  await db
    .insertInto('voiceMessages')
    .values({
      userId,
      objectKey,
      durationSeconds: 4,
      createdAt: new Date(Date.now() - ageHours * HOUR),
    })
    .execute();
  return objectKey;
}

const objects = async (): Promise<string[]> =>
  (await readdir(path.join(dir, 'voicetracks'))).filter((name) => name.endsWith('.mp3')).sort();
const rows = async (): Promise<string[]> =>
  (await db.selectFrom('voiceMessages').select('objectKey').orderBy('objectKey').execute()).map(
    (row) => row.objectKey,
  );

describe('the voice message clean-up', () => {
  it('deletes, at the worker start, the voice messages not sent with a request within 24 h, object and row', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: 'opnemer@radio.test', passwordHash: 'x', name: 'Opnemer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const forgotten = await voiceMessage(user.id, 25);
    const sent = await voiceMessage(user.id, 30);
    // Sent with a request: the request names it by its path.
    await db
      .insertInto('songRequests')
      .values({
        userId: user.id,
        title: 'Felicitatie',
        artist: 'Koor',
        requesterName: 'Opnemer',
        requestedAt: new Date(),
        voicetrackUrl: `/files/${sent}`,
      })
      .execute();
    const fresh = await voiceMessage(user.id, 23);
    const kept = [sent, fresh].sort();

    worker = startWorker({
      db,
      redisUrl: redis.url,
      log: pino({ level: 'silent' }),
      createSource: createAzuraCastSource,
      ingestIntervalMs: 60_000,
      storage,
    });
    await waitFor(async () => (await rows()).length === 2, 'the clean-up');
    expect(await rows()).toEqual(kept);
    expect(await objects()).toEqual(kept.map((key) => key.replace('voicetracks/', '')));
    expect(await storage.stat(forgotten)).toBeNull();
  });
});
