import type { Redis } from 'ioredis';
import { userErrors } from '../users/user-errors.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed password checks allowed per window, per account and per client address. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string): string => `auth:login-failures:email:${email.toLowerCase()}`;
const ipKey = (ip: string): string => `auth:login-failures:ip:${ip}`;

/**
 * Counts failed password checks in Redis (shared by every auth copy) and refuses further
 * attempts for the rest of the window once a limit is reached.
 */
export class LoginThrottle {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  /** Throws the 429 answer (with Retry-After) while either limit is reached. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const keys = [emailKey(email), ipKey(ip)] as const;
    const [emailFailures, ipFailures] = await this.#redis.mget(...keys);
    const blocking = [
      Number(emailFailures ?? 0) >= MAX_FAILURES_PER_EMAIL ? keys[0] : null,
      Number(ipFailures ?? 0) >= MAX_FAILURES_PER_IP ? keys[1] : null,
    ].filter((key) => key !== null);
    if (blocking.length === 0) return;
    const ttls = await Promise.all(blocking.map((key) => this.#redis.ttl(key)));
    throw userErrors.tooManyAttempts(Math.max(1, ...ttls));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const transaction = this.#redis.multi();
    for (const key of [emailKey(email), ipKey(ip)]) {
      transaction.incr(key).expire(key, LOGIN_WINDOW_SECONDS, 'NX');
    }
    await transaction.exec();
  }

  /** A correct password clears the account's count; the address's count runs out by itself. */
  async recordSuccess(email: string): Promise<void> {
    await this.#redis.del(emailKey(email));
  }
}
