import type { LiveEventType } from '@radio/contracts';

export interface BufferedEvent {
  id: number;
  type: LiveEventType;
  /** Null: for every stream. */
  user: number | null;
  /** What it is about, when a type has several (a my-request event's request id). */
  subject?: number;
  /** The SSE frame, formatted once for every stream. */
  frame: string;
}

/** Events kept for Last-Event-ID replay: about a few hours of now playing and switches. */
export const LIVE_BUFFER_SIZE = 500;

/**
 * The last events this copy received, for replay to a browser that reconnects with the id of
 * the last event it got. Ids after `floor` are complete here: the copy was subscribed when each
 * was published (the publish script makes ids arrive in order). An id before the floor (evicted,
 * or before the subscription, or before a Redis reconnect) is unknown: the browser resyncs.
 */
export class LiveBuffer {
  readonly #capacity: number;
  #events: BufferedEvent[] = [];
  /** Null while the copy is not subscribed: every id is unknown. */
  #floor: number | null = null;
  #latest: number | null = null;

  constructor(capacity = LIVE_BUFFER_SIZE) {
    this.#capacity = capacity;
  }

  /** The newest id this copy knows (an event's, or the counter when it subscribed). */
  get latest(): number | null {
    return this.#latest;
  }

  /** Forgets everything: the subscription is gone (a reconnect may have lost messages). */
  clear(): void {
    this.#events = [];
    this.#floor = null;
    this.#latest = null;
  }

  /** Subscribed: every event after `counter` (the id counter read after subscribing) comes. */
  subscribedAt(counter: number): void {
    this.#floor = counter;
    this.#latest = Math.max(this.#latest ?? counter, counter);
  }

  add(event: BufferedEvent): void {
    this.#events.push(event);
    this.#latest = Math.max(this.#latest ?? event.id, event.id);
    if (this.#events.length > this.#capacity) {
      const evicted = this.#events.shift();
      if (evicted && this.#floor !== null) this.#floor = Math.max(this.#floor, evicted.id);
    }
  }

  /**
   * The events after `lastId` that `user` may see, the same type (and subject) collapsed to its
   * last; null when `lastId` is unknown here (resync instead).
   */
  since(lastId: number, user: number | null): BufferedEvent[] | null {
    if (this.#floor === null || lastId < this.#floor || lastId > (this.#latest ?? -1)) return null;
    const last = new Map<string, BufferedEvent>();
    for (const event of this.#events) {
      if (event.id <= lastId || (event.user !== null && event.user !== user)) continue;
      const key = `${event.type}:${event.user ?? ''}:${event.subject ?? ''}`;
      last.delete(key);
      last.set(key, event);
    }
    return [...last.values()].sort((a, b) => a.id - b.id);
  }
}
