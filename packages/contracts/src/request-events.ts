/**
 * Redis pub/sub between the worker and the requests service (ARCHITECTURE: cross-service work
 * goes through jobs or pub/sub, never HTTP). The message is the request id, as a decimal string.
 */

/** The worker has put a Deezer request's track in the library (downloadStatus ready). */
export const REQUEST_TRACK_READY_CHANNEL = 'requests:track-ready';

/**
 * The requests service's library search answers, kept briefly (a Redis hash, one field per source
 * and normalized query). The worker deletes it whenever the library index changed, so a new or
 * vanished track shows in the very next search.
 */
export const LIBRARY_SEARCH_CACHE_KEY = 'library-search:v2';
