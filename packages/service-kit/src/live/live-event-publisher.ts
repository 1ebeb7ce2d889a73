import type { Redis } from 'ioredis';
import {
  LIVE_EVENT_ID_KEY,
  LIVE_EVENTS_CHANNEL,
  type LiveEventData,
  type LiveEventType,
} from '@radio/contracts';

/**
 * Takes the next id and publishes in one step: subscribers get the events in id order, whichever
 * copy published them. The message is ARGV[1] (`{"type":…}`) with `"id":<n>,` put in front.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[2], '{"id":' .. id .. ',' .. string.sub(ARGV[1], 2))
return id
`;

/**
 * Publishes live events (GET /api/events of the requests service) on Redis pub/sub.
 * Fire-and-forget: a failed publish is handed to `onError` (log it through the LogLimiter) and
 * never fails the caller's request; listeners' pages still poll or resync on reconnect.
 */
export class LiveEventPublisher {
  readonly #redis: Redis;
  readonly #onError: (error: Error) => void;

  constructor(redis: Redis, onError: (error: Error) => void) {
    this.#redis = redis;
    this.#onError = onError;
  }

  /**
   * `data` is exactly the body of the matching GET; `user` limits it to that listener's streams.
   * Resolves with the event's id, or null when it could not be published (never rejects).
   */
  async publish<T extends LiveEventType>(
    type: T,
    data: LiveEventData<T>,
    user: number | null = null,
  ): Promise<number | null> {
    try {
      const message = JSON.stringify({ type, user, data });
      const id = await this.#redis.eval(
        PUBLISH_SCRIPT,
        1,
        LIVE_EVENT_ID_KEY,
        message,
        LIVE_EVENTS_CHANNEL,
      );
      return Number(id);
    } catch (error) {
      this.#onError(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }
}
