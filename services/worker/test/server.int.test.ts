import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  freePort,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';

const serverFile = fileURLToPath(new URL('../src/server.ts', import.meta.url));

let database: TestDatabase;
let redis: RedisServer;
beforeAll(async () => {
  database = await createTestDatabase();
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
  await database.drop();
});

/** The worker's server process with these variables; its output is kept. */
function spawnWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverFile], {
    env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return {
    child,
    exited,
    lines: () => stdout.split('\n'),
    started: () => waitFor(async () => stdout.includes('worker started'), 'worker'),
  };
}

it('logs its start as JSON, beats its heartbeat and shuts down cleanly on SIGTERM', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'worker-'));
  const heartbeatFile = path.join(folder, 'heartbeat');
  const worker = spawnWorker({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    WORKER_HEARTBEAT_FILE: heartbeatFile,
  });
  try {
    await worker.started();
    const started = worker.lines().find((line) => line.includes('worker started')) ?? '';
    expect(JSON.parse(started)).toMatchObject({
      name: 'worker',
      queues: ['now-playing', 'station-sync', 'acquisition', 'maintenance', 'audit'],
    });
    await waitFor(
      async () => Date.parse((await readFile(heartbeatFile, 'utf8')).trim()) > 0,
      'heartbeat',
    );
    worker.child.kill('SIGTERM');
    expect((await worker.exited)[0]).toBe(0);
  } finally {
    worker.child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
  }
});

it('starts and shuts down cleanly while Postgres and Redis are down', async () => {
  const worker = spawnWorker({
    DATABASE_URL: `postgres://radio@127.0.0.1:${await freePort()}/radio`,
    REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
  });
  try {
    await worker.started();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(worker.child.exitCode).toBeNull();
    const stoppedAt = Date.now();
    worker.child.kill('SIGTERM');
    expect((await worker.exited)[0]).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    // Three seconds of reconnecting: a line per kind of failure, not one per attempt.
    const failures = worker.lines().filter((line) => line.includes('"level":50'));
    expect(failures.length).toBeLessThanOrEqual(4);
  } finally {
    worker.child.kill('SIGKILL');
  }
});
