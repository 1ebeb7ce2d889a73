import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A sliding window in one sorted set per key: drop the calls older than the window, count the
 * rest, add this one if there is room. One script, so it is atomic across every copy of every
 * service, and it reads Redis's clock, so copies with skewed clocks agree.
 */
const SLIDING_WINDOW = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs - windowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + windowMs - nowMs
end
redis.call('ZADD', KEYS[1], nowMs, now[1] .. now[2] .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], windowMs)
return 0
`;

export interface RateLimit {
  /** Calls allowed within one window. */
  max: number;
  windowMs: number;
}

/** A limit shared through Redis by every copy of the service (and every caller of one key). */
export class RedisRateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #limit: RateLimit;

  constructor(redis: Redis, prefix: string, limit: RateLimit) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#limit = limit;
  }

  /**
   * Takes one call of `key`'s window: 0 when it may go ahead, else the milliseconds until a call
   * would be allowed. Throws when Redis does not answer.
   */
  async take(key = 'all'): Promise<number> {
    const waitMs = await this.#redis.eval(
      SLIDING_WINDOW,
      1,
      `${this.#prefix}:${key}`,
      this.#limit.max,
      this.#limit.windowMs,
      randomBytes(6).toString('hex'),
    );
    return Math.max(0, Number(waitMs));
  }
}
