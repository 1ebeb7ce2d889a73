import type { Redis } from 'ioredis';
import { assertRedisReady } from '@radio/service-kit';

/**
 * A count of attempts in a fixed window under one key. `take` counts an attempt BEFORE the work
 * it guards (parallel attempts cannot slip past the limit) and refuses it past `limit`;
 * `giveBack` returns an attempt that should not count after all.
 */
export class AttemptWindow {
  readonly #redis: Redis;
  readonly #windowSeconds: number;
  readonly #limit: number;

  constructor(redis: Redis, windowSeconds: number, limit: number) {
    this.#redis = redis;
    this.#windowSeconds = windowSeconds;
    this.#limit = limit;
  }

  /** Counts an attempt; null when allowed, else the seconds until the window ends. */
  async take(key: string): Promise<number | null> {
    assertRedisReady(this.#redis);
    const [[, count]] = ((await this.#redis
      .multi()
      .incr(key)
      .expire(key, this.#windowSeconds, 'NX')
      .exec()) ?? [[null, 0]]) as [[unknown, number]];
    if (count <= this.#limit) return null;
    await this.#redis.decr(key);
    return Math.max(1, await this.#redis.ttl(key));
  }

  async giveBack(key: string): Promise<void> {
    await this.#redis.decr(key).catch(() => {});
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(key);
  }
}
