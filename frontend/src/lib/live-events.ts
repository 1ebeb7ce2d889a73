import { getLiveStatus, setLiveStatus } from './live-status';
import { noteServerTime } from './server-clock';

/**
 * The page's one push channel: GET /api/events as a server-sent event stream, read with the
 * browser's own EventSource (it sends the session cookie and reconnects with Last-Event-ID by
 * itself). The stream only speeds data up: the polls it replaces come back while it is not open
 * (its status: lib/live-status.ts). When the browser gives up on it, it is reopened here.
 */
const EVENTS_URL = '/api/events';
/** Waits before reopening a stream the browser closed, one step further per failed reopen. */
export const REOPEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Each wait is spread ±25 %, so pages that lost the gateway together do not return together. */
const REOPEN_JITTER = 0.25;

const handlers = new Map<string, Set<(data: unknown) => void>>();
let source: EventSource | null = null;
let users = 0;
let lastEventId = '';
let failedReopens = 0;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch(type: string, event: MessageEvent<string>) {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const handler of handlers.get(type) ?? []) handler(data);
}

function listen(target: EventSource, type: string) {
  target.addEventListener(type, (event) => dispatch(type, event as MessageEvent<string>));
}

function open() {
  clearTimeout(reopenTimer);
  source?.close();
  source = null;
  if (typeof EventSource === 'undefined') {
    setLiveStatus('down');
    return;
  }
  const url = lastEventId
    ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}`
    : EVENTS_URL;
  const opened = new EventSource(url);
  source = opened;
  setLiveStatus('connecting');
  opened.onopen = () => {
    if (opened !== source) return;
    failedReopens = 0;
    setLiveStatus('open');
  };
  opened.onerror = () => {
    if (opened !== source) return;
    if (opened.readyState !== EventSource.CLOSED) {
      setLiveStatus('connecting');
      return;
    }
    setLiveStatus('down');
    const base = REOPEN_DELAYS_MS[Math.min(failedReopens, REOPEN_DELAYS_MS.length - 1)]!;
    failedReopens += 1;
    const jitter = 1 + REOPEN_JITTER * (2 * Math.random() - 1);
    reopenTimer = setTimeout(open, Math.round(base * jitter));
  };
  for (const type of handlers.keys()) listen(opened, type);
}

function reopenNow() {
  if (getLiveStatus() !== 'open') open();
}

function onHello(data: unknown) {
  const serverTime = (data as { serverTime?: unknown }).serverTime;
  if (typeof serverTime === 'number') noteServerTime(serverTime);
}

/**
 * Opens the stream for as long as the returned function is not called (the app mounts one user,
 * so one stream per page); it reopens at once when the browser comes back online.
 */
export function connectLiveEvents(): () => void {
  users += 1;
  if (users === 1) {
    window.addEventListener('online', reopenNow);
    open();
  }
  return () => {
    users -= 1;
    if (users > 0) return;
    window.removeEventListener('online', reopenNow);
    clearTimeout(reopenTimer);
    source?.close();
    source = null;
    lastEventId = '';
    failedReopens = 0;
    setLiveStatus('connecting');
  };
}

/** Calls `handler` with the parsed data of each `type` event; returns the unsubscribe. */
export function onLiveEvent<T>(type: string, handler: (data: T) => void): () => void {
  const set = handlers.get(type) ?? new Set();
  if (!handlers.has(type)) {
    handlers.set(type, set);
    if (source) listen(source, type);
  }
  const untyped = handler as (data: unknown) => void;
  set.add(untyped);
  return () => set.delete(untyped);
}
onLiveEvent('hello', onHello);
