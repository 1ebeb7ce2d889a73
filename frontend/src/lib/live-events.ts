import { getLiveStatus, setLiveStatus, type LiveStatus } from './live-status';
import { noteServerTime, serverNow } from './server-clock';

/**
 * The page's one push channel: GET /api/events as a server-sent event stream, read with the
 * browser's own EventSource (it sends the session cookie and reconnects with Last-Event-ID by
 * itself). The stream only speeds data up: the polls it replaces come back while it is not open
 * (its status: lib/live-status.ts). When the browser gives up on it, it is reopened here.
 *
 * One stream for all tabs of the site: over plain HTTP/1.1 a browser opens at most six
 * connections to a host, and a stream per tab (beside the audio) leaves a seventh tab waiting.
 * The tabs of one user elect a leader with the Web Locks API; the leader holds the stream and
 * relays its events and status to the others over a BroadcastChannel. When the leader goes
 * (closed, into the back/forward cache, frozen) the next tab in line takes the lock and opens the
 * stream from the last event id it saw. A page going into the back/forward cache or frozen lets
 * go of the stream (or its place in line) and joins again when it is shown: a tab that joins gets
 * a resync hello and the latest now playing and settings from the leader, as a new stream would
 * bring. Without Web Locks or BroadcastChannel each tab holds its own stream.
 */
const EVENTS_URL = '/api/events';
/** Waits before reopening a stream the browser closed, one step further per failed reopen. */
export const REOPEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Each wait is spread ±25 %, so pages that lost the gateway together do not return together. */
const REOPEN_JITTER = 0.25;
/** What a resync hello brings after it (contracts' liveHelloSchema): the leader keeps the last. */
const RESYNC_TYPES = new Set(['now-playing', 'settings']);

/**
 * Between the tabs: an event (for one tab only when `to` is set), the stream's status, a tab
 * joining, the event types a tab listens to.
 */
type Relay =
  | { kind: 'event'; type: string; data: string; id: string; to?: string }
  | { kind: 'status'; status: LiveStatus }
  | { kind: 'join'; from: string; types: string[] }
  | { kind: 'types'; types: string[] };

const handlers = new Map<string, Set<(data: unknown) => void>>();
/**
 * Every type some tab listens to: the leader's stream listens to them all, and always to what a
 * resync brings, for the tabs that join later.
 */
const types = new Set<string>(RESYNC_TYPES);
let source: EventSource | null = null;
const sourceTypes = new Set<string>();
let users = 0;
let group = '';
let joined = false;
let leading = false;
let channel: BroadcastChannel | null = null;
let releaseLock: (() => void) | undefined;
let lockRequest: AbortController | undefined;
const tabId = Math.random().toString(36).slice(2);
let lastEventId = '';
let hadHello = false;
const lastState = new Map<string, string>();
let failedReopens = 0;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

const canShare = (): boolean =>
  typeof BroadcastChannel !== 'undefined' &&
  typeof navigator !== 'undefined' &&
  navigator.locks !== undefined;

function post(message: Relay) {
  channel?.postMessage(message);
}

function setStatus(status: LiveStatus) {
  setLiveStatus(status);
  if (leading) post({ kind: 'status', status });
}

function dispatch(type: string, raw: string, id: string) {
  if (id) lastEventId = id;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return;
  }
  for (const handler of handlers.get(type) ?? []) handler(data);
}

function received(type: string, event: MessageEvent<string>) {
  if (type === 'hello') hadHello = true;
  if (RESYNC_TYPES.has(type)) lastState.set(type, event.data);
  post({ kind: 'event', type, data: event.data, id: event.lastEventId });
  dispatch(type, event.data, event.lastEventId);
}

function listen(type: string) {
  types.add(type);
  if (!source || sourceTypes.has(type)) return;
  sourceTypes.add(type);
  source.addEventListener(type, (event) => received(type, event as MessageEvent<string>));
}

function closeStream() {
  clearTimeout(reopenTimer);
  source?.close();
  source = null;
  sourceTypes.clear();
}

function open() {
  closeStream();
  if (typeof EventSource === 'undefined') {
    setStatus('down');
    return;
  }
  const url = lastEventId
    ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}`
    : EVENTS_URL;
  const opened = new EventSource(url);
  source = opened;
  setStatus('connecting');
  opened.onopen = () => {
    if (opened !== source) return;
    failedReopens = 0;
    setStatus('open');
  };
  opened.onerror = () => {
    if (opened !== source) return;
    if (opened.readyState !== EventSource.CLOSED) {
      setStatus('connecting');
      return;
    }
    setStatus('down');
    const base = REOPEN_DELAYS_MS[Math.min(failedReopens, REOPEN_DELAYS_MS.length - 1)]!;
    failedReopens += 1;
    const jitter = 1 + REOPEN_JITTER * (2 * Math.random() - 1);
    reopenTimer = setTimeout(open, Math.round(base * jitter));
  };
  for (const type of types) listen(type);
}

/** As the leader: a tab joined; it gets the status and, once the stream has said hello, a resync. */
function welcome(to: string) {
  post({ kind: 'status', status: getLiveStatus() });
  if (!hadHello) return;
  const hello = JSON.stringify({ serverTime: serverNow(), resync: true });
  post({ kind: 'event', type: 'hello', data: hello, id: '', to });
  for (const [type, data] of lastState) post({ kind: 'event', type, data, id: '', to });
}

function relayed({ data: message }: MessageEvent<Relay>) {
  if (message.kind === 'join' || message.kind === 'types') {
    // A tab that is not leading remembers them for when it leads.
    for (const type of message.types) listen(type);
    if (leading && message.kind === 'join') welcome(message.from);
  } else if (leading) {
    return;
  } else if (message.kind === 'status') {
    setLiveStatus(message.status);
  } else if (!message.to || message.to === tabId) {
    dispatch(message.type, message.data, message.id);
  }
}

function lead() {
  leading = true;
  open();
}

function join() {
  if (joined) return;
  joined = true;
  if (!canShare()) {
    lead();
    return;
  }
  channel = new BroadcastChannel(`radio-live-events:${group}`);
  channel.onmessage = relayed;
  lockRequest = new AbortController();
  navigator.locks
    .request(channel.name, { signal: lockRequest.signal }, () => {
      lead();
      return new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    })
    .catch(() => undefined);
  post({ kind: 'join', from: tabId, types: [...types] });
}

function leave() {
  if (!joined) return;
  joined = false;
  lockRequest?.abort();
  lockRequest = undefined;
  if (leading) {
    closeStream();
    post({ kind: 'status', status: 'connecting' });
  }
  leading = false;
  releaseLock?.();
  releaseLock = undefined;
  channel?.close();
  channel = null;
  hadHello = false;
  lastState.clear();
  setLiveStatus('connecting');
}

function reopenNow() {
  if (leading && getLiveStatus() !== 'open') open();
}

function rejoin(event: Event) {
  if (event.type === 'resume' || (event as PageTransitionEvent).persisted) join();
}

/** On window, or on document for the Page Lifecycle's freeze and resume. */
const PAGE_EVENTS: [string, EventListener, 'document'?][] = [
  ['online', reopenNow],
  // Into the back/forward cache or frozen: the stream (or the place in line) is let go.
  ['pagehide', leave],
  ['freeze', leave, 'document'],
  ['pageshow', rejoin],
  ['resume', rejoin, 'document'],
];
const targetOf = (on?: 'document'): EventTarget => (on ? document : window);

function onHello(data: unknown) {
  const serverTime = (data as { serverTime?: unknown }).serverTime;
  if (typeof serverTime === 'number') noteServerTime(serverTime);
}

/**
 * Joins the stream of `forGroup` (the tabs of one user: the server picks the listener's own
 * events by the session the stream was opened with) for as long as the returned function is not
 * called; the app mounts one user per page. It reopens at once when the browser comes back online.
 */
export function connectLiveEvents(forGroup = ''): () => void {
  users += 1;
  if (users === 1) {
    group = forGroup;
    for (const [type, listener, on] of PAGE_EVENTS) targetOf(on).addEventListener(type, listener);
    join();
  }
  return () => {
    users -= 1;
    if (users > 0) return;
    for (const [type, listener, on] of PAGE_EVENTS)
      targetOf(on).removeEventListener(type, listener);
    leave();
    lastEventId = '';
    failedReopens = 0;
  };
}

/** Calls `handler` with the parsed data of each `type` event; returns the unsubscribe. */
export function onLiveEvent<T>(type: string, handler: (data: T) => void): () => void {
  const set = handlers.get(type) ?? new Set();
  if (!handlers.has(type)) {
    handlers.set(type, set);
    if (leading) listen(type);
    else {
      types.add(type);
      post({ kind: 'types', types: [type] });
    }
  }
  const untyped = handler as (data: unknown) => void;
  set.add(untyped);
  return () => set.delete(untyped);
}
onLiveEvent('hello', onHello);
