import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '@radio/service-kit/testing';
import {
  createTestDatabase,
  freePort,
  startRedis,
  waitFor,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';

const serverFile = fileURLToPath(new URL('../src/server.ts', import.meta.url));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverFile], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, stderr: () => stderr };
}

describe('node services/auth/src/server.ts', () => {
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

  it('stops at once with the list of bad or missing variables', async () => {
    const server = startServer({ SESSION_SECRET: 'kort', ADMIN_EMAIL: 'geen-adres' });
    expect(await server.exited).toBe(1);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'INTERNAL_TOKEN',
      'PUBLIC_ORIGIN',
      'ADMIN_EMAIL',
    ]) {
      expect(server.stderr()).toContain(name);
    }
  });

  it('serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env = testEnv({ databaseUrl: database.url, redisUrl: redis.url }, { PORT: String(port) });
    const server = startServer(env);
    try {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
        'auth service',
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
