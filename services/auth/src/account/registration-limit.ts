import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { assertRedisReady, dependencyFailure, HttpError } from '@radio/service-kit';

export const REGISTRATION_WINDOW_SECONDS = 60 * 60;
/** New accounts per client address per window: enough for a household, not for a script. */
export const MAX_REGISTRATIONS_PER_ADDRESS = 5;

const tooManyRegistrations = (retryAfterSeconds: number): HttpError => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    'TOO_MANY_REGISTRATIONS',
    `Te veel registraties vanaf dit adres. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
};

/** Limits account creation per client address (Redis, shared by every auth copy). */
export class RegistrationLimit {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  /**
   * Runs `register` when the address may. Every attempt counts (a taken e-mail too, or the
   * limit would not stop probing for addresses), except one that failed on Postgres.
   */
  async attempt<T>(ip: string, register: () => Promise<T>): Promise<T> {
    assertRedisReady(this.#redis);
    const key = `auth:register:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
    const [[, count]] = ((await this.#redis
      .multi()
      .incr(key)
      .expire(key, REGISTRATION_WINDOW_SECONDS, 'NX')
      .exec()) ?? [[null, 0]]) as [[unknown, number]];
    if (count > MAX_REGISTRATIONS_PER_ADDRESS) {
      await this.#redis.decr(key);
      throw tooManyRegistrations(Math.max(1, await this.#redis.ttl(key)));
    }
    try {
      return await register();
    } catch (error) {
      if (dependencyFailure(error)) await this.#redis.decr(key).catch(() => {});
      throw error;
    }
  }
}
