import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { assertRedisReady } from '@radio/service-kit';
import {
  DeezerApiError,
  deezerTrackSchema,
  type DeezerApi,
  type DeezerCallOptions,
  type DeezerSearchQuery,
  type DeezerTrack,
} from '@radio/station';
import { RedisRateLimiter, type RateLimit } from './redis-rate-limiter.ts';
import { normalizedSearchTerm } from '../search/search-term.ts';

/**
 * Deezer allows about 50 calls per 5 s per public address (fixtures/deezer/README.md); every
 * copy of the service shares this limit, half of that.
 */
export const DEEZER_RATE_LIMIT: RateLimit = { max: 25, windowMs: 5_000 };
/** DEEZER_CACHE_HOURS' default. */
export const DEFAULT_DEEZER_CACHE_HOURS = 6;
/** An unknown track id is remembered this long (it may appear later). */
const NOT_FOUND_CACHE_SECONDS = 3_600;
const KEY = 'deezer:v1';

/** Why the catalogue could not answer: the search answers the library's results with a flag. */
export type CatalogueFailure =
  /** Our shared limit is used up (or Deezer's quota answered, also after its retry). */
  | 'rate-limited'
  /** Deezer failed (5xx, timeout, junk, "service busy" after its retry) or Redis is down. */
  | 'unavailable';

export type CatalogueSearch =
  { ok: true; tracks: DeezerTrack[] } | { ok: false; reason: CatalogueFailure };
export type CatalogueTrack =
  { ok: true; track: DeezerTrack | null } | { ok: false; reason: CatalogueFailure };

/** Where the catalogue says why Deezer was not asked or failed (a pino or Fastify logger). */
export interface CatalogueLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface DeezerCatalogueOptions {
  redis: Redis;
  api: DeezerApi;
  /** DEEZER_CACHE_HOURS. */
  cacheHours?: number;
  rateLimit?: RateLimit;
  log?: CatalogueLog;
}

const cachedSearchSchema = z.array(deezerTrackSchema);
const cachedTrackSchema = deezerTrackSchema.nullable();

/**
 * The Deezer catalogue as the requests service uses it: searches and track lookups cached in
 * Redis (per normalized query, DEEZER_CACHE_HOURS), every call to Deezer through one rate limiter
 * shared by every copy of the service, the retry of a quota or "service busy" answer (DeezerApi's)
 * included. It never throws: when over the limit or failing it answers `{ ok: false }`.
 */
export class DeezerCatalogue {
  readonly #redis: Redis;
  readonly #api: DeezerApi;
  readonly #cacheSeconds: number;
  readonly #limiter: RedisRateLimiter;
  readonly #log: CatalogueLog | undefined;

  constructor(options: DeezerCatalogueOptions) {
    this.#redis = options.redis;
    this.#api = options.api;
    this.#cacheSeconds = Math.round((options.cacheHours ?? DEFAULT_DEEZER_CACHE_HOURS) * 3_600);
    this.#limiter = new RedisRateLimiter(
      options.redis,
      `${KEY}:rate`,
      options.rateLimit ?? DEEZER_RATE_LIMIT,
    );
    this.#log = options.log;
  }

  /** Catalogue tracks for an artist and/or title (at most 25), Deezer's order. */
  async search(query: DeezerSearchQuery): Promise<CatalogueSearch> {
    const normalized = normalizedQuery(query);
    if (!normalized.artist && !normalized.title) return { ok: true, tracks: [] };
    const key = `${KEY}:search:${digest(`${normalized.artist}\n${normalized.title}`)}`;
    const result = await this.#cachedCall(key, cachedSearchSchema, async (options) => {
      const tracks = await this.#api.search(normalized, undefined, options);
      return { value: tracks, ttl: this.#cacheSeconds };
    });
    if (!result.ok) return result;
    if (!result.cached) await this.#rememberTracks(result.value);
    return { ok: true, tracks: result.value };
  }

  /** One track by Deezer id; `track: null` when Deezer has no such track. */
  async track(id: string): Promise<CatalogueTrack> {
    const result = await this.#cachedCall(
      `${KEY}:track:${id}`,
      cachedTrackSchema,
      async (options) => {
        try {
          return { value: await this.#api.track(id, options), ttl: this.#cacheSeconds };
        } catch (error) {
          if (error instanceof DeezerApiError && error.kind === 'not-found') {
            return { value: null, ttl: NOT_FOUND_CACHE_SECONDS };
          }
          throw error;
        }
      },
    );
    return result.ok ? { ok: true, track: result.value } : result;
  }

  async #cachedCall<T>(
    key: string,
    schema: z.ZodType<T>,
    call: (options: DeezerCallOptions) => Promise<{ value: T; ttl: number }>,
  ): Promise<{ ok: true; value: T; cached: boolean } | { ok: false; reason: CatalogueFailure }> {
    try {
      // Down: at once, not after the command timeout.
      assertRedisReady(this.#redis);
      const hit = await this.#redis.get(key);
      if (hit !== null) {
        const parsed = schema.safeParse(JSON.parse(hit));
        if (parsed.success) return { ok: true, value: parsed.data, cached: true };
      }
      if ((await this.#limiter.take()) > 0) {
        this.#log?.warn({}, 'Deezer catalogue: our shared rate limit is used up');
        return { ok: false, reason: 'rate-limited' };
      }
    } catch (error) {
      this.#log?.warn({ err: error }, 'Deezer catalogue: Redis failed');
      return { ok: false, reason: 'unavailable' };
    }
    let fresh: { value: T; ttl: number };
    try {
      fresh = await call({ mayRetry: () => this.#mayRetry() });
    } catch (error) {
      const quota = error instanceof DeezerApiError && error.kind === 'quota';
      this.#log?.warn({ err: error }, 'Deezer catalogue: Deezer failed');
      return { ok: false, reason: quota ? 'rate-limited' : 'unavailable' };
    }
    // A cache that cannot be written costs a later call, not this answer.
    await this.#redis
      .set(key, JSON.stringify(fresh.value), 'EX', fresh.ttl)
      .catch((error: unknown) =>
        this.#log?.warn({ err: error }, 'Deezer catalogue: could not cache'),
      );
    return { ok: true, value: fresh.value, cached: false };
  }

  /** A retry is one more call to Deezer: it takes its slot of the shared limit as the first did. */
  async #mayRetry(): Promise<boolean> {
    try {
      assertRedisReady(this.#redis);
      if ((await this.#limiter.take()) === 0) return true;
      this.#log?.warn({}, 'Deezer catalogue: our shared rate limit has no room for a retry');
    } catch (error) {
      this.#log?.warn({ err: error }, 'Deezer catalogue: Redis failed');
    }
    return false;
  }

  /** Search hits answer later lookups of the same ids (a request of a hit costs no call). */
  async #rememberTracks(tracks: readonly DeezerTrack[]): Promise<void> {
    if (tracks.length === 0) return;
    const pipeline = this.#redis.pipeline();
    for (const track of tracks) {
      pipeline.set(
        `${KEY}:track:${track.id}`,
        JSON.stringify(track),
        'EX',
        this.#cacheSeconds,
        'NX',
      );
    }
    await pipeline.exec().catch(() => null);
  }
}

/** Case, accents' composition and spacing do not make another query. */
function normalizedQuery(query: DeezerSearchQuery): { artist: string; title: string } {
  return { artist: normalizedSearchTerm(query.artist), title: normalizedSearchTerm(query.title) };
}

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');
