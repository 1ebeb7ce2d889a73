import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LIVE_EVENT_ID_KEY, LIVE_EVENTS_CHANNEL, liveEventSchema } from '@radio/contracts';
import type { LogLimiter } from '@radio/service-kit';
import { LiveBuffer, type BufferedEvent } from './live-buffer.ts';
import { eventFrame, jitter, retryFrame } from './live-frames.ts';

/** A failed subscription is tried again after this long. */
const RETRY_MS = 1_000;
/** The start waits this long for the first subscription (not longer: Redis may be down). */
const START_WAIT_MS = 2_000;

/** One open event stream. */
export interface LiveClient {
  /** Null: anonymous; per-user events go only to that user's streams. */
  readonly user: number | null;
  write(frame: string): void;
  /** Ends the stream after `frame`. */
  end(frame?: string): void;
}

export interface LiveHubOptions {
  redis: Redis;
  log: FastifyBaseLogger;
  logLimiter: LogLimiter;
}

/**
 * This copy's side of the live channel: one subscription to LIVE_EVENTS_CHANNEL (on a connection
 * of its own), the recent events for replay, and the open streams, each event formatted once and
 * written to every stream that may see it. After the subscription dropped the streams are ended
 * (with a spread retry) and the buffer is emptied: events may have been missed meanwhile. A page
 * that comes back with the id counter's value (nothing was published since) resumes; any older
 * id resyncs.
 */
export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #subscriber: Redis;
  readonly #buffer = new LiveBuffer();
  readonly #clients = new Set<LiveClient>();
  #ready = false;
  #subscribedBefore = false;
  #retry: NodeJS.Timeout | undefined;
  #stopped = false;
  #subscribed: () => void = () => undefined;
  readonly #firstSubscription = new Promise<void>((resolve) => {
    this.#subscribed = resolve;
  });

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#subscriber = options.redis.duplicate({ commandTimeout: undefined });
    this.#subscriber.on('error', (error: Error) =>
      options.logLimiter.log(
        options.log,
        'warn',
        'live-subscriber',
        { error: error.message },
        'live events subscriber: redis connection error',
      ),
    );
    this.#subscriber.on('message', (_channel: string, message: string) => this.#receive(message));
    this.#subscriber.on('close', () => {
      this.#ready = false;
    });
  }

  /**
   * Subscribes now and after every reconnection; waits a little for the first subscription, so
   * a copy that just started serves streams at once.
   */
  async start(): Promise<void> {
    this.#subscriber.on('ready', () => void this.#catchUp());
    if (this.#subscriber.status === 'ready') void this.#catchUp();
    await Promise.race([this.#firstSubscription, sleep(START_WAIT_MS, undefined, { ref: false })]);
  }

  /** Ends every stream and unsubscribes (shutdown). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.endAll();
    this.#subscriber.disconnect();
  }

  /** Subscribed: new streams are served (else 503: the page polls meanwhile). */
  get ready(): boolean {
    return this.#ready && !this.#stopped;
  }

  get size(): number {
    return this.#clients.size;
  }

  /** The newest event id this copy knows; 0 before any event was published. */
  get latestId(): number {
    return this.#buffer.latest ?? 0;
  }

  /**
   * Adds a stream. With the id of the last event it got: the events after it (null when this
   * copy does not know that id: resync). Synchronous, so no event is missed or sent twice.
   */
  open(client: LiveClient, lastId: number | null): BufferedEvent[] | null {
    this.#clients.add(client);
    return lastId === null ? null : this.#buffer.since(lastId, client.user);
  }

  close(client: LiveClient): void {
    this.#clients.delete(client);
  }

  /** Ends every stream; the browsers come back after 0.5–3 s, spread (on another copy). */
  endAll(): void {
    const clients = [...this.#clients];
    this.#clients.clear();
    for (const client of clients) client.end(retryFrame(jitter(500, 3_000)));
  }

  #receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      parsed = undefined;
    }
    const result = liveEventSchema.safeParse(parsed);
    if (!result.success) {
      this.#options.logLimiter.log(
        this.#options.log,
        'error',
        'live-event-invalid',
        { issues: result.error.issues.slice(0, 3) },
        'invalid live event dropped',
      );
      return;
    }
    const { id, type, user, data } = result.data;
    const event: BufferedEvent = { id, type, user, frame: eventFrame(type, data, id) };
    if (result.data.type === 'my-request') event.subject = result.data.data.id;
    this.#buffer.add(event);
    for (const client of this.#clients) {
      if (user === null || user === client.user) client.write(event.frame);
    }
  }

  /** On start and on every (re)connection of the subscriber. */
  async #catchUp(): Promise<void> {
    clearTimeout(this.#retry);
    this.#ready = false;
    if (this.#subscribedBefore) {
      // Messages published while the connection was down are lost: ids before now are unknown.
      this.#buffer.clear();
      this.endAll();
    }
    try {
      await this.#subscriber.subscribe(LIVE_EVENTS_CHANNEL);
      const counter = Number((await this.#options.redis.get(LIVE_EVENT_ID_KEY)) ?? 0);
      this.#buffer.subscribedAt(Number.isSafeInteger(counter) ? counter : 0);
      this.#subscribedBefore = true;
      this.#ready = true;
      this.#subscribed();
    } catch (error) {
      this.#options.logLimiter.log(
        this.#options.log,
        'warn',
        'live-subscribe',
        { error: (error as Error).message },
        'could not subscribe to the live events',
      );
      if (!this.#stopped) this.#retry = setTimeout(() => void this.#catchUp(), RETRY_MS).unref();
    }
  }
}
