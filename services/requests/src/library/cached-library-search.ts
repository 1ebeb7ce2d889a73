import type { Redis } from 'ioredis';
import type {
  LibrarySearchHit,
  LibrarySearchQuery,
  LibrarySearchRepository,
} from './library-search-repository.ts';
import { normalizedSearchTerm } from '../search/search-term.ts';

/**
 * How long a library search is answered from Redis. The library changes only when the worker
 * scans it (every LIBRARY_SCAN_MINUTES), so a new track shows up within this much later; whether
 * a result can be requested is judged afresh on every search, and POST checks the track again.
 */
export const LIBRARY_SEARCH_CACHE_SECONDS = 60;
const KEY = 'library-search:v1';

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
    const key = `${KEY}:${query.source ?? ''}:${normalizedSearchTerm(query.artist)}\u0000${normalizedSearchTerm(query.title)}`;
    const cached = await this.#redis.get(key);
    if (cached !== null) return JSON.parse(cached) as LibrarySearchHit[];
    const hits = await this.#library.search(query);
    await this.#redis.set(key, JSON.stringify(hits), 'EX', LIBRARY_SEARCH_CACHE_SECONDS);
    return hits;
  }

  /** Not cached: an indexed lookup of a few songs. */
  sameSongs(...args: Parameters<LibrarySearchRepository['sameSongs']>) {
    return this.#library.sameSongs(...args);
  }
}
