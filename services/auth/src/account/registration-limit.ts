import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { dependencyFailure, HttpError } from '@radio/service-kit';
import { AttemptWindow } from './attempt-window.ts';

const REGISTRATION_WINDOW_SECONDS = 60 * 60;
/** New accounts per client address per window: enough for a household, not for a script. */
const MAX_REGISTRATIONS_PER_ADDRESS = 5;

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
  readonly #window: AttemptWindow;

  constructor(redis: Redis) {
    this.#window = new AttemptWindow(
      redis,
      REGISTRATION_WINDOW_SECONDS,
      MAX_REGISTRATIONS_PER_ADDRESS,
    );
  }

  /**
   * Runs `register` when the address may. Every attempt counts (a taken e-mail too, or the
   * limit would not stop probing for addresses), except one that failed on Postgres.
   */
  async attempt<T>(ip: string, register: () => Promise<T>): Promise<T> {
    const key = `auth:register:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
    const wait = await this.#window.take(key);
    if (wait !== null) throw tooManyRegistrations(wait);
    try {
      return await register();
    } catch (error) {
      if (dependencyFailure(error)) await this.#window.giveBack(key);
      throw error;
    }
  }
}
