import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  NOW_PLAYING_CHANNEL,
  NOW_PLAYING_KEY,
  nowPlayingResponseSchema,
  nowPlayingSnapshotSchema,
  type NowPlayingResponse,
  type NowPlayingSnapshot,
} from '@radio/contracts';
import { LogLimiter } from '@radio/service-kit';

/** A failed subscription or load is tried again after this long. */
const RETRY_MS = 1_000;

export interface RenderedNowPlaying {
  body: NowPlayingResponse;
  json: string;
  etag: string;
}

export interface NowPlayingFeedOptions {
  redis: Redis;
  log: FastifyBaseLogger;
  render: (snapshot: NowPlayingSnapshot | null, nowMs: number) => NowPlayingResponse;
}

/**
 * The worker's now-playing snapshot, kept in memory: loaded from Redis at start (and after a
 * reconnect, when publications may have been missed) and replaced by every publication. The
 * answer is rendered at most once a second, whatever the number of listeners.
 */
export class NowPlayingFeed {
  readonly #options: NowPlayingFeedOptions;
  readonly #subscriber: Redis;
  #snapshot: NowPlayingSnapshot | null = null;
  /** Counts snapshot changes: a load that a publication overtook is dropped. */
  #version = 0;
  #rendered: { second: number; version: number; value: RenderedNowPlaying } | null = null;
  #retry: NodeJS.Timeout | undefined;
  /** While Redis is away the retries fail every second: a line a minute says so. */
  readonly #logLimiter = new LogLimiter();
  #stopped = false;

  constructor(options: NowPlayingFeedOptions) {
    this.#options = options;
    this.#subscriber = options.redis.duplicate();
    this.#subscriber.on('error', (error: Error) =>
      this.#logLimiter.log(
        options.log,
        'warn',
        'now-playing-subscription',
        { error: error.message },
        'now-playing subscription: redis connection error',
      ),
    );
  }

  /**
   * Subscribes and loads the snapshot; while Redis cannot be reached or does not answer, the
   * service starts anyway (not ready, no now playing) and tries again until it can.
   */
  async start(): Promise<void> {
    this.#subscriber.on('message', (_channel: string, message: string) => this.#receive(message));
    this.#subscriber.on('ready', () => void this.#catchUp());
    await this.#catchUp();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#subscriber.disconnect();
  }

  rendered(nowMs: number): RenderedNowPlaying {
    const second = Math.floor(nowMs / 1000);
    const cached = this.#rendered;
    if (cached && cached.second === second && cached.version === this.#version) {
      return cached.value;
    }
    const body = nowPlayingResponseSchema.parse(this.#options.render(this.#snapshot, nowMs));
    const json = JSON.stringify(body);
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    const value = { body, json, etag };
    this.#rendered = { second, version: this.#version, value };
    return value;
  }

  #receive(message: string): void {
    const snapshot = this.#parse(message);
    if (!snapshot) return;
    this.#snapshot = snapshot;
    this.#version += 1;
  }

  /** On start and on every (re)connection, when publications may have been missed. */
  async #catchUp(): Promise<void> {
    clearTimeout(this.#retry);
    const version = this.#version;
    try {
      await this.#subscriber.subscribe(NOW_PLAYING_CHANNEL);
      const json = await this.#options.redis.get(NOW_PLAYING_KEY);
      const snapshot = json === null ? null : this.#parse(json);
      if (snapshot && version === this.#version) {
        this.#snapshot = snapshot;
        this.#version += 1;
      }
    } catch (error) {
      this.#logLimiter.log(
        this.#options.log,
        'warn',
        'now-playing-load',
        { error: (error as Error).message },
        'could not load the now playing from redis',
      );
      if (!this.#stopped) this.#retry = setTimeout(() => void this.#catchUp(), RETRY_MS).unref();
    }
  }

  #parse(json: string): NowPlayingSnapshot | null {
    try {
      const result = nowPlayingSnapshotSchema.safeParse(JSON.parse(json));
      if (result.success) return result.data;
      this.#options.log.error({ issues: result.error.issues }, 'invalid now-playing snapshot');
    } catch (error) {
      this.#options.log.error({ err: error }, 'now-playing snapshot is not JSON');
    }
    return null;
  }
}
