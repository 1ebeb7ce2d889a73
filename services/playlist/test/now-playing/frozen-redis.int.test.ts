import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { NOW_PLAYING_CHANNEL, NOW_PLAYING_KEY } from '@radio/contracts';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { waitFor } from '@radio/testing';
import { buildPlaylistApp } from '../build.ts';

let t: TestApp | undefined;
let frozenPid: number | undefined;
afterEach(async () => {
  if (frozenPid !== undefined) process.kill(frozenPid, 'SIGCONT');
  frozenPid = undefined;
  await t?.close();
  t = undefined;
});

async function redisPid(url: string): Promise<number> {
  const client = new Redis(url);
  try {
    return Number(/process_id:(\d+)/.exec(await client.info('server'))?.[1]);
  } finally {
    client.disconnect();
  }
}

it('starts while Redis does not answer (frozen), and follows the now playing once it answers', async () => {
  t = await createTestApp(async (env) => {
    frozenPid = await redisPid(env.REDIS_URL ?? '');
    process.kill(frozenPid, 'SIGSTOP');
    return buildPlaylistApp(env);
  });
  expect((await t.client().get('/readyz')).statusCode).toBe(503);
  process.kill(frozenPid ?? 0, 'SIGCONT');
  frozenPid = undefined;
  await waitFor(async () => (await t?.client().get('/readyz'))?.statusCode === 200, 'readiness');
  const snapshot = {
    stationName: 'Radio Na De Vorst',
    isLive: false,
    isStale: false,
    current: null,
    history: [],
    observedAt: Date.now(),
    listeners: null,
    playingNext: null,
    pollIntervalMs: 10_000,
  };
  const station = async () =>
    (await t?.client().get('/api/now-playing'))?.json<{ station: { name: string } }>().station;
  await waitFor(async () => {
    const json = JSON.stringify(snapshot);
    await t?.app.redis.set(NOW_PLAYING_KEY, json);
    await t?.app.redis.publish(NOW_PLAYING_CHANNEL, json);
    return (await station())?.name === 'Radio Na De Vorst';
  }, 'the published now playing');
});
