import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { assertRedisReady, watchRedisStalls } from '../src/dependency-errors.ts';

/** A Redis client whose PING answers after `answerMs`, or fails at a 500-ms timeout when null. */
function fakeRedis(answerMs: number | null) {
  const client = {
    status: 'ready',
    answerMs,
    pings: 0,
    async ping(): Promise<string> {
      client.pings += 1;
      if (client.answerMs === null) {
        await sleep(500);
        throw new Error('Command timed out');
      }
      await sleep(client.answerMs);
      return 'PONG';
    },
  };
  return client;
}

const refuses = (redis: ReturnType<typeof fakeRedis>): boolean => {
  try {
    assertRedisReady(redis);
    return false;
  } catch {
    return true;
  }
};

let stop = (): void => {};
afterEach(() => stop());

describe('watchRedisStalls', () => {
  it('never takes a slow but answering Redis (400 ms, a busy host) for a frozen one', async () => {
    const redis = fakeRedis(400);
    stop = watchRedisStalls(redis);
    const seen: boolean[] = [];
    // Observed over several pings: each is answered, late.
    while (redis.pings < 6) {
      seen.push(refuses(redis));
      await sleep(50);
    }
    expect(seen.includes(true)).toBe(false);
  });

  it('marks a Redis whose pings time out as stalled, and ready again once one is answered', async () => {
    const redis = fakeRedis(null);
    stop = watchRedisStalls(redis);
    await expect.poll(() => refuses(redis), { timeout: 5_000 }).toBe(true);
    redis.answerMs = 1;
    await expect.poll(() => refuses(redis), { timeout: 5_000 }).toBe(false);
  });
});
