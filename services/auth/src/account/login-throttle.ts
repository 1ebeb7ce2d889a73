import type { Redis } from 'ioredis';
import { userErrors } from '../users/user-errors.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed password checks allowed per window, per account and per client address. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string): string => `auth:login-failures:email:${email.toLowerCase()}`;
const ipKey = (ip: string): string => `auth:login-failures:ip:${ip}`;

/**
 * Counts password attempts in Redis (shared by every auth copy) and refuses further attempts
 * for the rest of the window once a limit is passed. An attempt is counted BEFORE its password
 * is checked: checking takes tens of milliseconds, and guesses sent in parallel must not all
 * slip through before the first failure is counted.
 */
export class LoginThrottle {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  /** Counts the attempt; throws the 429 answer (with Retry-After) when a limit is passed. */
  async beginAttempt(email: string, ip: string): Promise<void> {
    const keys = [emailKey(email), ipKey(ip)] as const;
    const transaction = this.#redis.multi();
    for (const key of keys) transaction.incr(key).expire(key, LOGIN_WINDOW_SECONDS, 'NX');
    const results = (await transaction.exec()) ?? [];
    const [emailAttempts, , ipAttempts] = results.map(([, value]) => Number(value));
    const blocking = [
      (emailAttempts ?? 0) > MAX_FAILURES_PER_EMAIL ? keys[0] : null,
      (ipAttempts ?? 0) > MAX_FAILURES_PER_IP ? keys[1] : null,
    ].filter((key) => key !== null);
    if (blocking.length === 0) return;
    const ttls = await Promise.all(blocking.map((key) => this.#redis.ttl(key)));
    throw userErrors.tooManyAttempts(Math.max(1, ...ttls));
  }

  /**
   * A correct password: the account's count starts again, and the attempt is not held against
   * the address (its failures run out by themselves).
   */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.#redis.multi().del(emailKey(email)).decr(ipKey(ip)).exec();
  }
}
