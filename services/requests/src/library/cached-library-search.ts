import type { Redis } from 'ioredis';
import { LIBRARY_SEARCH_CACHE_KEY } from '@radio/contracts';
import type {
  LibrarySearchHit,
  LibrarySearchQuery,
  LibrarySearchRepository,
} from './library-search-repository.ts';
import { normalizedSearchTerm } from '../search/search-term.ts';

/**
 * How long library searches are answered from Redis at most. The worker forgets them all when it
 * changes the index; whether a result can be requested is judged afresh on every search, and POST
 * checks the track again.
 */
export const LIBRARY_SEARCH_CACHE_SECONDS = 60;

/**
 * The library search with its answers kept briefly in Redis per normalized query and source:
 * a popular query (many listeners asking for the same hit) costs Postgres one trigram search a
 * minute instead of one per listener.
 */
export class CachedLibrarySearch {
  readonly #library: LibrarySearchRepository;
  readonly #redis: Redis;

  constructor(library: LibrarySearchRepository, redis: Redis) {
    this.#library = library;
    this.#redis = redis;
  }

  async search(query: LibrarySearchQuery): Promise<LibrarySearchHit[]> {
    const field = `${query.source ?? ''}:${normalizedSearchTerm(query.artist)}\u0000${normalizedSearchTerm(query.title)}`;
    const cached = await this.#redis.hget(LIBRARY_SEARCH_CACHE_KEY, field);
    if (cached !== null) return JSON.parse(cached) as LibrarySearchHit[];
    const hits = await this.#library.search(query);
    await this.#redis
      .multi()
      .hset(LIBRARY_SEARCH_CACHE_KEY, field, JSON.stringify(hits))
      .expire(LIBRARY_SEARCH_CACHE_KEY, LIBRARY_SEARCH_CACHE_SECONDS, 'NX')
      .exec();
    return hits;
  }

  /** Not cached: an indexed lookup of a few songs. */
  sameSongs(...args: Parameters<LibrarySearchRepository['sameSongs']>) {
    return this.#library.sameSongs(...args);
  }
}
