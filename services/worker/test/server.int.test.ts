import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOW_PLAYING_KEY, type NowPlayingSnapshot } from '@radio/contracts';
import {
  createTestDatabase,
  freePort,
  prometheusSample,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';

const QUEUES = ['now-playing', 'station-sync', 'acquisition', 'maintenance', 'audit'];
/** About three seconds of the worker's connections reconnecting to a Redis that is down. */
const RECONNECTS = 50;
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
    env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', METRICS_PORT: '0', ...env },
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
      queues: QUEUES,
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

/** A Redis that is down: each connection is cut at once (a reset), and counted. */
async function deadRedis(): Promise<{ url: string; attempts: () => number; close(): void }> {
  let attempts = 0;
  const server = createServer((socket) => {
    attempts += 1;
    socket.resetAndDestroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    attempts: () => attempts,
    close: () => server.close(),
  };
}

it('starts and shuts down cleanly while Postgres and Redis are down', async () => {
  const redisDown = await deadRedis();
  const worker = spawnWorker({
    DATABASE_URL: `postgres://radio@127.0.0.1:${await freePort()}/radio`,
    REDIS_URL: redisDown.url,
  });
  try {
    await worker.started();
    await waitFor(async () => redisDown.attempts() >= RECONNECTS, 'reconnect attempts', 15_000);
    expect(worker.child.exitCode).toBeNull();
    const stoppedAt = Date.now();
    worker.child.kill('SIGTERM');
    expect((await worker.exited)[0]).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    // Fifty attempts: a line per kind of failure, not one per attempt.
    const failures = worker.lines().filter((line) => line.includes('"level":50'));
    expect(failures.length).toBeLessThanOrEqual(4);
  } finally {
    worker.child.kill('SIGKILL');
    redisDown.close();
  }
});

it('serves Prometheus metrics on METRICS_PORT: queue depth by state, failed jobs, now-playing age, listeners', async () => {
  const metricsPort = await freePort();
  const client = new Redis(redis.url);
  const audit = new Queue('audit', { connection: { url: redis.url } });
  const snapshot: NowPlayingSnapshot = {
    stationName: 'Radio Lokaal',
    isLive: false,
    isStale: false,
    current: null,
    history: [],
    listeners: { current: 7, unique: 5 },
    playingNext: null,
    observedAt: Date.now() - 30_000,
    pollIntervalMs: 10_000,
  };
  const worker = spawnWorker({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    METRICS_PORT: String(metricsPort),
  });
  try {
    await client.set(NOW_PLAYING_KEY, JSON.stringify(snapshot));
    // Two jobs waiting their turn for ten minutes, and one the worker must refuse.
    await audit.add('record-admin-change', {}, { delay: 600_000 });
    await audit.add('record-admin-change', {}, { delay: 600_000 });
    await audit.add('record-admin-change', { not: 'an event' });
    await worker.started();
    const scrape = async (): Promise<string> =>
      (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    await waitFor(
      async () =>
        prometheusSample(await scrape(), 'radio_queue_jobs', {
          queue: 'audit',
          state: 'failed',
        }) === 1,
      'the failed job in the metrics',
    );
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(prometheusSample(text, 'radio_queue_jobs', { queue: 'audit', state: 'delayed' })).toBe(
      2,
    );
    // Every queue's depth in every state is reported, the empty ones as 0.
    for (const queue of QUEUES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(
          Number.isInteger(prometheusSample(text, 'radio_queue_jobs', { queue, state })),
          `${queue} ${state}`,
        ).toBe(true);
      }
    }
    expect(prometheusSample(text, 'radio_queue_jobs', { queue: 'audit', state: 'waiting' })).toBe(
      0,
    );
    expect(prometheusSample(text, 'radio_queue_jobs', { queue: 'audit', state: 'active' })).toBe(0);
    expect(
      prometheusSample(text, 'radio_jobs_failed_total', {
        queue: 'audit',
        job: 'record-admin-change',
      }),
    ).toBe(1);
    expect(
      prometheusSample(text, 'radio_job_duration_seconds_count', {
        queue: 'audit',
        job: 'record-admin-change',
        outcome: 'failed',
      }),
    ).toBe(1);
    const age = prometheusSample(text, 'radio_now_playing_age_seconds', { service: 'worker' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(30);
    expect(age).toBeLessThan(60);
    expect(prometheusSample(text, 'radio_stream_listeners', {})).toBe(7);
    expect(prometheusSample(text, 'radio_stream_unique_listeners', {})).toBe(5);
    expect(
      prometheusSample(text, 'process_cpu_seconds_total', { service: 'worker' }),
    ).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    worker.child.kill('SIGTERM');
    expect((await worker.exited)[0]).toBe(0);
  } finally {
    worker.child.kill('SIGKILL');
    await audit.obliterate({ force: true });
    await audit.close();
    await client.del(NOW_PLAYING_KEY);
    client.disconnect();
  }
});
