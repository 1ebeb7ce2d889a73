import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testEnv } from '@radio/service-kit/testing';
import {
  createTestDatabase,
  freePort,
  prometheusSample,
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

it('counts the requests it served in Prometheus text on METRICS_PORT, by route pattern and status', async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [serverFile], {
    env: {
      PATH: process.env.PATH ?? '',
      ...testEnv({ databaseUrl: database.url, redisUrl: redis.url }),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const api = (path: string): Promise<Response> => fetch(`http://127.0.0.1:${port}${path}`);
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  try {
    await waitFor(async () => (await fetch(metricsUrl)).ok, 'the playlist service');
    expect((await api('/api/playlist/available-dates')).status).toBe(200);
    expect((await api('/api/playlist/available-hours?date=2026-11-21')).status).toBe(200);
    expect((await api('/api/playlist/available-hours?date=2026-11-22')).status).toBe(200);
    expect((await api('/api/playlist/available-hours?date=gisteren')).status).toBe(400);
    expect((await api('/api/unknown/12345')).status).toBe(404);
    // The API port does not serve the metrics.
    expect((await api('/metrics')).status).toBe(404);

    const response = await fetch(metricsUrl);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const count = (route: string, status: string): number | undefined =>
      prometheusSample(text, 'http_request_duration_seconds_count', {
        service: 'playlist',
        method: 'GET',
        route,
        status_code: status,
      });
    expect(count('/api/playlist/available-dates', '200')).toBe(1);
    // One series per route pattern: the query string makes none of its own.
    expect(count('/api/playlist/available-hours', '200')).toBe(2);
    expect(count('/api/playlist/available-hours', '400')).toBe(1);
    expect(count('unmatched', '404')).toBe(2);
    expect(text).not.toContain('12345');
    expect(
      prometheusSample(text, 'http_request_duration_seconds_bucket', {
        route: '/api/playlist/available-dates',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(
      prometheusSample(text, 'process_resident_memory_bytes', { service: 'playlist' }),
    ).toBeGreaterThan(0);

    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
});
