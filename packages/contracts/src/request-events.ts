/**
 * Redis pub/sub between the worker and the requests service (ARCHITECTURE: cross-service work
 * goes through jobs or pub/sub, never HTTP). The message is the request id, as a decimal string.
 */

/** The worker has put a Deezer request's track in the library (downloadStatus ready). */
export const REQUEST_TRACK_READY_CHANNEL = 'requests:track-ready';
