import { useSyncExternalStore } from 'react';

/**
 * The live stream's status (lib/live-events.ts opens the stream and sets it). Apart from the stream
 * itself, so that what reads it, such as the now-playing poll, does not bring the stream's code
 * into the first page load.
 *
 * connecting: not yet open, or the browser reconnects by itself after a break (the server's
 * `retry:`); open: events arrive; down: the browser gave up on it (an error status such as the
 * gateway's 503 or 429, or no EventSource at all) and it is reopened after a backoff.
 */
export type LiveStatus = 'connecting' | 'open' | 'down';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export function getLiveStatus(): LiveStatus {
  return status;
}

/** For lib/live-events.ts only. */
export function setLiveStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stream's status; re-renders on each change. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, getLiveStatus, getLiveStatus);
}
