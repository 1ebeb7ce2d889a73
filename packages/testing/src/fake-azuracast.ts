/**
 * A behavioural fake of one AzuraCast station (0.19.3, 0.22.x or 0.23.x; English or Dutch): it
 * keeps a media library, playlists, an AutoDJ queue, song history and song requests, and
 * answers as the real one does, unkindness included: the request checks in AzuraCast's order
 * with its status codes and translated texts, the rate limit, the per-IP cooldown for anonymous
 * callers, the 600 s cache of requestable playlists, the request delay before a request enters
 * the queue, permissions per API key. Every fact is in /work/repro/azuracast-facts.md.
 *
 *   const ac = await startFakeAzuraCast({ version: '0.23', locale: 'nl',
 *     apiKeys: { [KEY]: { permissions: ['media', 'broadcasting', 'reports'] } } });
 *   await fetch(`${ac.url}/api/station/1/request/${ac.media()[0].uniqueId}`, { method: 'POST' });
 *   ac.advance(10 * 60_000); ac.playNext(); ac.playNext(); // ...the request airs
 *   await ac.close();
 *
 * Time is the fake's own clock (`now()`), moved by `advance(ms)` and `playNext()`; with
 * `clock: 'real'` it also follows the wall clock (the CLI does that).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { azuraCastFixture, type ReceivedRequest } from './fake-station.ts';
import { answerAfter, listenOnLoopback, recordRequest, type FakeResponse } from './http-fake.ts';
import {
  translate,
  type FakeAzuraCastLocale,
  type FakeAzuraCastVersion,
} from './fake-azuracast-messages.ts';

export type { FakeAzuraCastLocale, FakeAzuraCastVersion } from './fake-azuracast-messages.ts';
export type { FakeResponse } from './http-fake.ts';
export type { ReceivedRequest } from './fake-station.ts';

/** StationPermissions, by the short names used here. */
export type FakeStationPermission = 'view' | 'reports' | 'broadcasting' | 'media' | 'delete-media';

export interface FakeApiKey {
  permissions: FakeStationPermission[];
  /** The key's user's locale; default: the fake's `locale`. 'default' = the browser's. */
  locale?: FakeAzuraCastLocale | 'default';
}

export interface FakePlaylist {
  id: number;
  name: string;
  isEnabled: boolean;
  includeInRequests: boolean;
  isJingle: boolean;
  /** Whether its schedule says it plays now (a playlist without schedule items always does). */
  scheduledNow: boolean;
  weight: number;
}

export interface FakeMedia {
  id: number;
  /** 24 hex: AzuraCast's `unique_id`, also the `request_id`. */
  uniqueId: string;
  songId: string;
  path: string;
  title: string | null;
  artist: string | null;
  album: string | null;
  genre: string | null;
  /** Seconds. */
  length: number;
  playlistIds: number[];
  /** Unix seconds. */
  uploadedAt: number;
}

export type FakeMediaInput = Partial<FakeMedia> & { path: string };
export type FakePlaylistInput = Partial<FakePlaylist> & { id: number; name: string };

export interface FakeQueueRow {
  id: number;
  mediaId: number;
  isRequest: boolean;
  playlist: string | null;
  /** Unix seconds. */
  cuedAt: number;
  playedAt: number;
  sentToAutodj: boolean;
}

export interface FakeHistoryRow {
  shId: number;
  mediaId: number;
  /** Unix seconds. */
  startedAt: number;
  isRequest: boolean;
  playlist: string | null;
  isVisible: boolean;
}

export interface FakeSongRequest {
  id: number;
  mediaId: number;
  ip: string;
  /** Unix seconds. */
  requestedAt: number;
  /** When the AutoDJ queued it (its expected play time); null while waiting. */
  playedAt: number | null;
}

export interface FakeAzuraCastOptions {
  version: FakeAzuraCastVersion;
  /** The language of the API key users (their profile locale). Default 'en'. */
  locale?: FakeAzuraCastLocale;
  /** Keys `<identifier>:<verifier>` (a key without ':' is ignored by AzuraCast, as here). */
  apiKeys?: Record<string, FakeApiKey>;
  requestsEnabled?: boolean;
  /** `request_delay`, minutes; default 5. */
  requestDelayMinutes?: number | null;
  /** `request_threshold`, minutes; default 15, 0 = off. */
  requestThresholdMinutes?: number | null;
  /** `autodj_queue_length`; default 3. */
  queueLength?: number;
  /** Settings → IP address source; default 'local' (the TCP peer). */
  ipSource?: 'local' | 'xff';
  /** Default: the 10 files of fixtures/azuracast/files.json with their playlists. */
  media?: FakeMediaInput[];
  playlists?: FakePlaylistInput[];
  /** Start time, default 2025-05-14T12:33:20Z (the fixtures' moment). */
  startAt?: Date;
  /** 'virtual' (default): time moves only by advance()/playNext(). 'real': also with the wall clock. */
  clock?: 'virtual' | 'real';
  /** The random part of the request delay (`random_int(0, delay)`); default Math.random. */
  random?: () => number;
  /** Serve `/__fake/*` control routes (for a browser test driving the CLI). */
  controlRoutes?: boolean;
  /** Listen on this loopback port instead of a free one. */
  port?: number;
}

export interface FakeAzuraCast {
  url: string;
  nowPlayingUrl: string;
  stationId: number;
  version: FakeAzuraCastVersion;
  readonly requests: ReceivedRequest[];
  media(): FakeMedia[];
  playlists(): FakePlaylist[];
  queue(): FakeQueueRow[];
  history(): FakeHistoryRow[];
  songRequests(): FakeSongRequest[];
  /** The fake's clock, unix ms. */
  now(): number;
  advance(ms: number): void;
  setRequestsEnabled(enabled: boolean): void;
  setPlaylist(id: number, change: Partial<Omit<FakePlaylist, 'id'>>): void;
  /** The current song ends and the queue's head airs; the queue is refilled (due requests first). */
  playNext(): FakeHistoryRow;
  /** Answers `path` (query ignored) this way instead, `times` times (default: until reset). */
  respond(path: string, response: FakeResponse, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

const STATION_ID = 1;
const SHORTCODE = 'radio_polderklank';
const PLAYBACK_DELAY_SECONDS = 5;
const REQUESTABLE_PLAYLISTS_CACHE_SECONDS = 600;
const PENDING_REQUEST_WINDOW_SECONDS = 10 * 60;
const ANONYMOUS_MAX_PER_PAGE = 25;
const DEFAULT_START = new Date('2025-05-14T12:33:20Z');
const ARTIST_SEPARATORS = [', ', ' feat ', ' feat. ', ' ft ', ' ft. ', ' / ', ' & ', ' vs. '];

class ApiException extends Error {
  readonly status: number;
  readonly type: string;
  readonly file: string;
  readonly line: number;
  /** 0.19.3's 403 handler replaces the message but keeps this one in formatted_message. */
  readonly originalMessage: string | undefined;

  constructor(
    status: number,
    type: string,
    message: string,
    file: string,
    line: number,
    originalMessage?: string,
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.file = file;
    this.line = line;
    this.originalMessage = originalMessage;
  }
}

/** 0.19.3's SubmitAction answers its refusals as HTTP 400 Api\Status, not as an error. */
class RefusedRequest extends Error {}

interface Answer {
  status: number;
  body: unknown;
}

interface Caller {
  user: FakeApiKey | null;
  locale: FakeAzuraCastLocale;
  ip: string;
}

export async function startFakeAzuraCast(options: FakeAzuraCastOptions): Promise<FakeAzuraCast> {
  const version = options.version;
  const is0193 = version === '0.19.3';
  const srcRoot = is0193 ? '/var/azuracast/www/src' : '/var/azuracast/www/backend/src';
  const random = options.random ?? Math.random;
  const apiKeys = options.apiKeys ?? {};
  const keyLocale = options.locale ?? 'en';
  let requestsEnabled = options.requestsEnabled ?? true;
  const requestDelay = options.requestDelayMinutes === undefined ? 5 : options.requestDelayMinutes;
  const requestThreshold =
    options.requestThresholdMinutes === undefined ? 15 : options.requestThresholdMinutes;
  // Queue::buildQueue: max(autodj_queue_length, 2) (0.23.7 L65; 0.19.3 L65-67 the same).
  const queueLength = Math.max(options.queueLength ?? 3, 2);

  const startMs = (options.startAt ?? DEFAULT_START).getTime();
  const realStart = Date.now();
  let advancedMs = 0;
  const nowMs = (): number =>
    startMs + advancedMs + (options.clock === 'real' ? Date.now() - realStart : 0);
  const nowS = (): number => Math.floor(nowMs() / 1000);

  const { media, playlists } = initialLibrary(options);
  let nextMediaId = Math.max(100, ...media.map((m) => m.id)) + 1;
  const queue: FakeQueueRow[] = [];
  const history: FakeHistoryRow[] = [];
  const songRequests: FakeSongRequest[] = [];
  let nextQueueId = 5001;
  let nextShId = 482913;
  let nextRequestId = 1;
  let rotationCursor = 0;
  let requestablePlaylistCache: { ids: number[]; expiresAt: number } | null = null;
  const rateWindows = new Map<string, { start: number; hits: number; previousHits: number }>();
  const log: ReceivedRequest[] = [];
  const overrides = new Map<string, { response: FakeResponse; remaining: number }>();

  const t = (locale: FakeAzuraCastLocale, msgid: string): string =>
    translate(version, locale, msgid);
  const mediaById = (id: number): FakeMedia => {
    const found = media.find((m) => m.id === id);
    if (!found) throw new Error(`fake AzuraCast: no media ${id}`);
    return found;
  };
  const playlistName = (m: FakeMedia): string | null =>
    playlists.find((p) => m.playlistIds.includes(p.id) && p.isEnabled && !p.isJingle)?.name ?? null;

  // --- AutoDJ ------------------------------------------------------------------------------

  function rotationMedia(): FakeMedia[] {
    const playable = new Set(
      playlists.filter((p) => p.isEnabled && p.scheduledNow && !p.isJingle).map((p) => p.id),
    );
    return media.filter((m) => m.playlistIds.some((id) => playable.has(id)));
  }

  function nextFromRotation(): FakeMedia | null {
    const candidates = rotationMedia();
    if (candidates.length === 0) return null;
    const pick = candidates[rotationCursor % candidates.length];
    rotationCursor += 1;
    return pick ?? null;
  }

  /** DuplicatePrevention::getDistinctTrack against the history of the last `request_threshold` minutes. */
  function hasPlayedRecently(m: FakeMedia): boolean {
    if (requestThreshold === 0) return false;
    const since = nowS() - (requestThreshold ?? 15) * 60;
    const recent = history.filter((h) => h.startedAt >= since).map((h) => mediaById(h.mediaId));
    const titles = new Set(recent.map((r) => matchable(r.title)));
    const artists = new Set(recent.flatMap((r) => artistParts(r.artist)));
    if (titles.has(matchable(m.title))) return true;
    return artistParts(m.artist).some((a) => artists.has(a));
  }

  /** StationRequest::shouldPlayNow: the random part is drawn again at every look. */
  function shouldPlayNow(request: FakeSongRequest, atS: number): boolean {
    const delay = Math.trunc(requestDelay ?? 0);
    const minutes = delay + Math.floor(random() * (delay + 1));
    return atS - minutes * 60 > request.requestedAt;
  }

  function currentEnd(): number {
    const current = history.at(-1);
    return current ? current.startedAt + mediaById(current.mediaId).length : nowS();
  }

  /** Queue::buildQueue + QueueBuilder: new slots take a due request first, else rotation. */
  function buildQueue(): void {
    let expectedPlay = Math.max(currentEnd(), nowS());
    for (const row of queue) {
      row.playedAt = expectedPlay;
      expectedPlay += mediaById(row.mediaId).length;
    }
    while (queue.length < queueLength) {
      const due = songRequests
        .filter((r) => r.playedAt === null)
        .sort((a, b) => a.id - b.id)
        .find((r) => shouldPlayNow(r, expectedPlay) && !hasPlayedRecently(mediaById(r.mediaId)));
      let row: FakeQueueRow;
      if (due) {
        due.playedAt = expectedPlay;
        row = newQueueRow(due.mediaId, true, null, expectedPlay);
      } else {
        const next = nextFromRotation();
        if (!next) break;
        row = newQueueRow(next.id, false, playlistName(next), expectedPlay);
      }
      queue.push(row);
      expectedPlay += mediaById(row.mediaId).length;
    }
    const head = queue[0];
    if (head) head.sentToAutodj = true;
  }

  function newQueueRow(
    mediaId: number,
    isRequest: boolean,
    playlist: string | null,
    playedAt: number,
  ): FakeQueueRow {
    return {
      id: nextQueueId++,
      mediaId,
      isRequest,
      playlist,
      cuedAt: Math.max(nowS(), playedAt - 30),
      playedAt,
      sentToAutodj: false,
    };
  }

  /** `catchingUp`: the song starts when the previous one ended (advance()), not now. */
  function playNext(catchingUp = false): FakeHistoryRow {
    const end = currentEnd();
    if (end * 1000 > nowMs()) advancedMs += end * 1000 - nowMs();
    if (queue.length === 0) buildQueue();
    const row = queue.shift();
    if (!row) throw new Error('fake AzuraCast: nothing to play (no media in an enabled playlist)');
    const aired: FakeHistoryRow = {
      shId: nextShId++,
      mediaId: row.mediaId,
      startedAt: catchingUp ? end : nowS(),
      isRequest: row.isRequest,
      playlist: row.playlist,
      isVisible: !(playlists.find((p) => p.name === row.playlist)?.isJingle ?? false),
    };
    history.push(aired);
    buildQueue();
    return aired;
  }

  // --- payloads ----------------------------------------------------------------------------

  function baseUrl(request: http.IncomingMessage): string {
    return `http://${request.headers.host ?? '127.0.0.1'}`;
  }

  function songPayload(m: FakeMedia, base: string): Record<string, unknown> {
    const artist = m.artist ?? '';
    const title = m.title ?? '';
    return {
      id: m.songId,
      art: `${base}/api/station/${SHORTCODE}/art/${m.uniqueId}-${m.uploadedAt}.jpg`,
      custom_fields: [],
      text: artist === '' ? title : `${artist} - ${title}`,
      artist,
      title,
      album: m.album ?? '',
      genre: m.genre ?? '',
      isrc: '',
      lyrics: '',
    };
  }

  function historyPayload(h: FakeHistoryRow, base: string): Record<string, unknown> {
    return {
      sh_id: h.shId,
      played_at: h.startedAt + PLAYBACK_DELAY_SECONDS,
      duration: Math.trunc(mediaById(h.mediaId).length),
      playlist: h.playlist ?? '',
      streamer: '',
      is_request: h.isRequest,
      song: songPayload(mediaById(h.mediaId), base),
    };
  }

  function queuePayload(row: FakeQueueRow, base: string): Record<string, unknown> {
    const length = mediaById(row.mediaId).length;
    return {
      cued_at: row.cuedAt,
      played_at: row.playedAt,
      // 0.21.0 made the queue duration a float (StationQueue.php `public float $duration`).
      duration: is0193 ? Math.trunc(length) : length,
      playlist: row.playlist ?? '',
      is_request: row.isRequest,
      song: songPayload(mediaById(row.mediaId), base),
    };
  }

  function nowPlayingPayload(base: string): Record<string, unknown> {
    const template = azuraCastFixture('nowplaying') as Record<string, unknown>;
    const station = { ...(template.station as Record<string, unknown>) };
    // station.requests_enabled: added in 0.23.0; timezone and hls_is_default: 0.20.0.
    if (version === '0.23') station.requests_enabled = requestsEnabled;
    else delete station.requests_enabled;
    if (is0193) {
      delete station.timezone;
      delete station.hls_is_default;
    }
    const current = history.at(-1);
    const elapsed = current ? Math.max(0, nowS() - current.startedAt + PLAYBACK_DELAY_SECONDS) : 0;
    const length = current ? mediaById(current.mediaId).length : 0;
    const next = queue[0];
    return {
      ...template,
      station,
      now_playing: current
        ? {
            ...historyPayload(current, base),
            elapsed: Math.min(elapsed, Math.trunc(length)),
            remaining: Math.max(0, Math.trunc(length) - elapsed),
          }
        : null,
      playing_next: next ? queuePayload(next, base) : null,
      song_history: history
        .slice(0, -1)
        .filter((h) => h.isVisible)
        .slice(-5)
        .reverse()
        .map((h) => historyPayload(h, base)),
      is_online: true,
      cache: null,
    };
  }

  function mediaPayload(m: FakeMedia, base: string): Record<string, unknown> {
    const station = `${base}/api/station/${STATION_ID}`;
    const length = Math.trunc(m.length);
    return {
      id: m.id,
      unique_id: m.uniqueId,
      song_id: m.songId,
      art: `${station}/art/${m.uniqueId}-${m.uploadedAt}.jpg`,
      path: m.path,
      mtime: m.uploadedAt,
      uploaded_at: m.uploadedAt,
      art_updated_at: 0,
      length,
      length_text: `${Math.floor(length / 60)}:${String(length % 60).padStart(2, '0')}`,
      custom_fields: {},
      extra_metadata: {},
      playlists: playlists
        .filter((p) => m.playlistIds.includes(p.id))
        .map((p) => ({
          id: p.id,
          name: p.name,
          short_name: shortName(p.name),
          folder: null,
          count: 1,
        })),
      text: m.artist ? `${m.artist} - ${m.title ?? ''}` : (m.title ?? ''),
      artist: m.artist,
      title: m.title,
      album: m.album,
      genre: m.genre,
      isrc: null,
      lyrics: null,
      links: {
        self: `${station}/file/${m.id}`,
        play: `${station}/file/${m.id}/play`,
        art: `${station}/art/${m.id}`,
        waveform: `${station}/waveform/${m.uniqueId}-${m.uploadedAt}.json`,
        waveform_cache: `${station}/waveform/${m.id}`,
      },
    };
  }

  function playlistPayload(p: FakePlaylist, base: string): Record<string, unknown> {
    const songs = media.filter((m) => m.playlistIds.includes(p.id));
    const self = `${base}/api/station/${STATION_ID}/playlist/${p.id}`;
    return {
      id: p.id,
      name: p.name,
      description: null,
      type: 'default',
      source: 'songs',
      order: 'shuffle',
      remote_url: null,
      remote_type: 'stream',
      remote_buffer: 0,
      is_enabled: p.isEnabled,
      is_jingle: p.isJingle,
      play_per_songs: 0,
      play_per_minutes: 0,
      play_per_hour_minute: 0,
      weight: p.weight,
      include_in_requests: p.includeInRequests,
      include_in_on_demand: false,
      backend_options: [],
      avoid_duplicates: true,
      played_at: 0,
      queue_reset_at: 0,
      schedule_items: [],
      short_name: shortName(p.name),
      num_songs: songs.length,
      total_length: Math.round(songs.reduce((sum, m) => sum + m.length, 0)),
      links: { self, toggle: `${self}/toggle`, clone: `${self}/clone` },
    };
  }

  // --- errors ------------------------------------------------------------------------------

  function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  /** Http\ErrorHandler::respond of the version. */
  function sendError(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    error: ApiException,
  ): void {
    const userAgent = request.headers['user-agent'] ?? '';
    if (/curl|liquidsoap/i.test(userAgent)) {
      response.writeHead(error.status, { 'content-type': 'text/html; charset=UTF-8' });
      response.end(`Error: ${error.message} on ${error.file} L${error.line}`);
      return;
    }
    if (is0193) {
      // 0.19.3 src/Http/ErrorHandler.php L71-87: JSON only for XHR or an Accept with JSON.
      const wantsJson =
        request.headers['x-requested-with'] === 'XMLHttpRequest' ||
        /application\/json/i.test(request.headers.accept ?? '');
      const header = `${error.type} at ${error.file} L${error.line}`;
      if (!wantsJson) {
        if (error.status === 403) {
          response.writeHead(302, {
            location: error.type === 'NotLoggedInException' ? '/login' : '/',
          });
          response.end();
          return;
        }
        response.writeHead(error.status, { 'content-type': 'text/html; charset=UTF-8' });
        response.end(
          `<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Error</h1><p>${error.message}</p></body></html>`,
        );
        return;
      }
      const isAuthError = error.status === 403;
      sendJson(response, error.status, {
        code: error.status,
        type: error.type,
        message: isAuthError ? error.message : `${header}: ${error.message}`,
        formatted_message: `<b>${header}:</b> ${error.originalMessage ?? error.message}`,
        extra_data: [],
        success: false,
      });
      return;
    }
    sendJson(response, error.status, {
      code: error.status,
      type: error.type,
      message: error.message,
      formatted_message: error.message,
      extra_data: { class: error.type, file: error.file, line: error.line },
      success: false,
    });
  }

  const notFoundRoute = (): ApiException =>
    new ApiException(
      404,
      'HttpNotFoundException',
      'Not found.',
      '/var/azuracast/www/vendor/slim/slim/Slim/Middleware/RoutingMiddleware.php',
      76,
    );

  function notLoggedIn(caller: Caller): ApiException {
    const text = t(caller.locale, 'You must be logged in to access this page.');
    return is0193
      ? new ApiException(
          403,
          'NotLoggedInException',
          text,
          `${srcRoot}/Middleware/RequireLogin.php`,
          24,
          'Not logged in.',
        )
      : new ApiException(
          403,
          'NotLoggedInException',
          text,
          `${srcRoot}/Exception/Http/NotLoggedInException.php`,
          24,
        );
  }

  function permissionDenied(caller: Caller): ApiException {
    const text = t(caller.locale, 'You do not have permission to access this portion of the site.');
    return is0193
      ? new ApiException(
          403,
          'PermissionDeniedException',
          text,
          `${srcRoot}/Middleware/Permissions.php`,
          41,
          'Permission denied.',
        )
      : new ApiException(
          403,
          'PermissionDeniedException',
          text,
          `${srcRoot}/Exception/Http/PermissionDeniedException.php`,
          24,
        );
  }

  /** RequireLogin, then Permissions(StationPermissions::X). */
  function requirePermission(caller: Caller, permission: FakeStationPermission): void {
    if (!caller.user) throw notLoggedIn(caller);
    if (!caller.user.permissions.includes(permission)) throw permissionDenied(caller);
  }

  /** StationSupportsFeature(Requests) */
  function requireRequestsEnabled(caller: Caller): void {
    if (requestsEnabled) return;
    if (is0193) {
      // 0.19.3: StationUnsupportedException's untranslated default text, code 0 → HTTP 500.
      throw new ApiException(
        500,
        'StationUnsupportedException',
        'This feature is not currently supported on this station.',
        `${srcRoot}/Middleware/StationSupportsFeature.php`,
        23,
      );
    }
    throw stationDoesNotAcceptRequests(caller);
  }

  function stationDoesNotAcceptRequests(caller: Caller): ApiException {
    return new ApiException(
      500,
      'StationUnsupportedException',
      t(caller.locale, 'This station does not currently accept requests.'),
      `${srcRoot}/Exception/StationUnsupportedException.php`,
      38,
    );
  }

  /** Symfony's sliding_window limiter as RateLimit::checkRequestRateLimit configures it. */
  function checkRateLimit(caller: Caller, group: string, intervalS: number, limit: number): void {
    let key = caller.ip.replaceAll(/[:.]/g, '_');
    // 0.22.0+ (backend/src/RateLimit.php L54-68): reserved IPs share one key with 10× the limit.
    if (!is0193 && isReservedIp(caller.ip)) {
      key = 'global';
      limit *= 10;
    }
    const now = nowMs() / 1000;
    const id = `${group}:${key}`;
    let window = rateWindows.get(id);
    if (!window || now >= window.start + 2 * intervalS) {
      window = { start: now, hits: 0, previousHits: 0 };
    } else if (now >= window.start + intervalS) {
      window = { start: window.start + intervalS, hits: 0, previousHits: window.hits };
    }
    rateWindows.set(id, window);
    const elapsedFraction = (now - window.start) / intervalS;
    const count = Math.floor(window.previousHits * (1 - elapsedFraction) + window.hits);
    if (count >= limit) {
      const message = 'You have exceeded the rate limit for this application.';
      // 0.19.3: App\Exception with code 0 → HTTP 500; 0.22+: HttpException 429.
      throw is0193
        ? new ApiException(
            500,
            'RateLimitExceededException',
            message,
            `${srcRoot}/RateLimit.php`,
            81,
          )
        : new ApiException(
            429,
            'RateLimitExceededException',
            message,
            `${srcRoot}/RateLimit.php`,
            key === 'global' ? 67 : 73,
          );
    }
    window.hits += 1;
  }

  // --- requests ----------------------------------------------------------------------------

  function requestablePlaylistIds(): number[] {
    if (!requestablePlaylistCache || requestablePlaylistCache.expiresAt <= nowMs()) {
      requestablePlaylistCache = {
        ids: playlists
          .filter((p) => p.isEnabled && p.includeInRequests && p.scheduledNow)
          .map((p) => p.id),
        expiresAt: nowMs() + REQUESTABLE_PLAYLISTS_CACHE_SECONDS * 1000,
      };
    }
    return requestablePlaylistCache.ids;
  }

  function listRequestable(caller: Caller, url: URL, base: string): unknown {
    requireRequestsEnabled(caller);
    const ids = requestablePlaylistIds();
    // 0.22.0+ ListAction L63-66; 0.19.3 has no such check and lists nothing.
    if (ids.length === 0 && !is0193) throw stationDoesNotAcceptRequests(caller);
    const search = (url.searchParams.get('searchPhrase') ?? '').trim().toLowerCase();
    const sort = url.searchParams.get('sort') ?? '';
    const descending = (url.searchParams.get('sortOrder') ?? 'asc').toLowerCase() === 'desc';
    const field: keyof FakeMedia | null =
      sort === 'title' || sort === 'name'
        ? 'title'
        : sort === 'artist' || sort === 'album' || sort === 'genre'
          ? sort
          : null;
    const rows = media
      .filter((m) => m.playlistIds.some((id) => ids.includes(id)))
      .filter(
        (m) =>
          search === '' ||
          [m.title, m.artist, m.album].some((v) => (v ?? '').toLowerCase().includes(search)),
      )
      .sort((a, b) => {
        if (field) return compareText(a[field], b[field]) * (descending ? -1 : 1);
        return compareText(a.artist, b.artist) || compareText(a.title, b.title);
      })
      .map((m) => ({
        request_id: m.uniqueId,
        request_url: `/api/station/${STATION_ID}/request/${m.uniqueId}`,
        song: songPayload(m, base),
      }));
    return paginate(rows, url, caller);
  }

  function submitRequest(caller: Caller, uniqueId: string, userAgent: string): string {
    requireRequestsEnabled(caller);
    // 0.19.3: messages straight from StationRequestRepository::submit; 0.22+: wrapped by
    // CannotCompleteActionException::submitRequest as "Cannot submit request: %s", HTTP 500.
    const refuse = (msgid: string, text = t(caller.locale, msgid)): never => {
      if (is0193) throw new RefusedRequest(text);
      throw new ApiException(
        500,
        'CannotCompleteActionException',
        t(caller.locale, 'Cannot submit request: %s').replace('%s', text),
        `${srcRoot}/Exception/Http/CannotCompleteActionException.php`,
        26,
      );
    };
    if (/bot|crawl|spider|slurp/i.test(userAgent)) {
      refuse('Search engine crawlers are not permitted to use this feature.');
    }
    const item = media.find((m) => m.uniqueId === uniqueId);
    if (!item) {
      // 0.19.3: NotFoundException is an App\Exception, caught by SubmitAction → 400, untranslated.
      if (is0193) throw new RefusedRequest('Record not found.');
      throw new ApiException(
        404,
        'NotFoundException',
        t(caller.locale, 'Record not found.'),
        `${srcRoot}/Exception/NotFoundException.php`,
        24,
      );
    }
    const requestable = playlists.some(
      (p) => item.playlistIds.includes(p.id) && p.isEnabled && p.includeInRequests,
    );
    if (!requestable) {
      refuse(
        is0193
          ? 'The song ID you specified cannot be requested for this station.'
          : 'This track is not requestable.',
      );
    }
    const pending = songRequests.some(
      (r) =>
        r.mediaId === item.id &&
        (r.playedAt === null || r.requestedAt >= nowS() - PENDING_REQUEST_WINDOW_SECONDS),
    );
    if (pending) {
      refuse(
        is0193
          ? 'Duplicate request: this song was already requested and will play soon.'
          : 'This song was already requested and will play soon.',
      );
    }
    if (hasPlayedRecently(item)) {
      refuse(
        'This song or artist has been played too recently. Wait a while before requesting it again.',
      );
    }
    if (!caller.user) {
      let windowS = (requestDelay ?? 5) * 60;
      if (windowS < 60) windowS = 15;
      const latest = songRequests
        .filter((r) => r.ip === caller.ip && r.requestedAt >= nowS() - windowS)
        .at(-1);
      if (latest) {
        if (version === '0.23') {
          // 0.23.0+ SubmitAction L158-174: sprintf('%d', round(minutes, 2)) truncates.
          const minutes = Math.trunc((latest.requestedAt + windowS - nowMs() / 1000) / 60);
          const msgid =
            'You have submitted a request too recently! Please wait %d minutes before submitting another one.';
          refuse(msgid, t(caller.locale, msgid).replace('%d', String(minutes)));
        }
        refuse(
          'You have submitted a request too recently! Please wait before submitting another one.',
        );
      }
    }
    songRequests.push({
      id: nextRequestId++,
      mediaId: item.id,
      ip: caller.ip,
      requestedAt: nowS(),
      playedAt: null,
    });
    return t(caller.locale, 'Your request has been submitted and will be played soon.');
  }

  // --- files -------------------------------------------------------------------------------

  function upload(caller: Caller, body: unknown, base: string): unknown {
    const input = (body ?? {}) as { path?: unknown; file?: unknown };
    const path = typeof input.path === 'string' ? input.path.replace(/^\/+/, '') : '';
    const file = typeof input.file === 'string' ? input.file : '';
    if (path === '' || file === '') {
      const blank = [path === '' ? 'path' : null, file === '' ? 'file' : null]
        .filter(Boolean)
        .map(
          (name) =>
            `Object(App\\Entity\\Api\\UploadFile).${name}:\n    This value should not be blank. (code c1051bb4-d103-4f74-8988-acbcafc7fdc3)\n`,
        )
        .join('');
      throw new ApiException(
        is0193 ? 500 : 400,
        'ValidationException',
        blank,
        `${srcRoot}/Exception/ValidationException.php`,
        41,
      );
    }
    const bytes = Buffer.from(file, 'base64');
    if (isImage(bytes))
      return {
        success: true,
        message: t(caller.locale, 'Changes saved successfully.'),
        formatted_message: t(caller.locale, 'Changes saved successfully.'),
      };
    if (!isAudio(bytes)) {
      throw new ApiException(
        500,
        'CannotProcessMediaException',
        'File type cannot be processed.',
        `${srcRoot}/Exception/CannotProcessMediaException.php`,
        49,
      );
    }
    const tags = readId3(bytes);
    const fromName = /^(?<artist>.+?) - (?<title>.+)$/.exec(
      (path.split('/').at(-1) ?? path).replace(/\.[^.]+$/, ''),
    )?.groups;
    const title =
      tags.title ?? fromName?.title ?? (path.split('/').at(-1) ?? path).replace(/\.[^.]+$/, '');
    const artist = tags.artist ?? fromName?.artist ?? null;
    const existing = media.find((m) => m.path === path);
    const record: FakeMedia = existing ?? {
      id: nextMediaId++,
      uniqueId: randomBytes(12).toString('hex'),
      songId: '',
      path,
      title: null,
      artist: null,
      album: null,
      genre: null,
      length: 0,
      playlistIds: [],
      uploadedAt: nowS(),
    };
    Object.assign(record, {
      title,
      artist,
      album: tags.album ?? null,
      genre: tags.genre ?? null,
      length: tags.lengthSeconds ?? estimateMp3Seconds(bytes),
      songId: songHash(artist, title),
    });
    if (!existing) media.push(record);
    return mediaPayload(record, base);
  }

  /** FilesController's Error::notFound(): 'Record not found' (no period), type Error, not thrown. */
  function recordNotFound(caller: Caller): Answer {
    const text = t(caller.locale, 'Record not found');
    return {
      status: 404,
      body: {
        code: 404,
        type: 'Error',
        message: text,
        formatted_message: text,
        extra_data: [],
        success: false,
      },
    };
  }

  /** FilesController::getRecord: by numeric id, unique_id or song_id. */
  function findFile(id: string): FakeMedia | undefined {
    return media.find(
      (m) => (/^\d+$/.test(id) && m.id === Number(id)) || m.uniqueId === id || m.songId === id,
    );
  }

  function editFile(caller: Caller, id: string, body: unknown): Answer {
    const record = findFile(id);
    if (!record) return recordNotFound(caller);
    const data = (body ?? {}) as Record<string, unknown>;
    for (const field of ['title', 'artist', 'album', 'genre', 'path'] as const) {
      if (typeof data[field] === 'string') record[field] = data[field] as string;
    }
    record.songId = songHash(record.artist, record.title);
    if (Array.isArray(data.playlists)) {
      const wanted = data.playlists.map((p: unknown) =>
        typeof p === 'object' && p !== null ? Number((p as { id: unknown }).id) : Number(p),
      );
      record.playlistIds = playlists.filter((p) => wanted.includes(p.id)).map((p) => p.id);
    }
    const text = t(caller.locale, 'Record updated successfully.');
    return { status: 200, body: { success: true, message: text, formatted_message: text } };
  }

  function paginate(rows: unknown[], url: URL, caller: Caller): unknown {
    const params = url.searchParams;
    const perPageParam = params.get('rowCount') ?? params.get('per_page');
    const pageParam = params.get('current') ?? params.get('page');
    if (perPageParam === null && pageParam === null) return rows;
    let perPage = perPageParam === null ? 10 : Number.parseInt(perPageParam, 10) || 0;
    if (perPage <= 0) perPage = Number.MAX_SAFE_INTEGER;
    if (!caller.user) perPage = Math.min(perPage, ANONYMOUS_MAX_PER_PAGE);
    const totalPages = Math.max(1, Math.ceil(rows.length / perPage));
    const page = Math.max(1, pageParam === null ? 1 : Number.parseInt(pageParam, 10) || 1);
    if (page > totalPages) {
      throw new ApiException(
        500,
        'OutOfRangeCurrentPageException',
        `Page "${page}" does not exist. The currentPage must be inferior to "${totalPages}"`,
        '/var/azuracast/www/vendor/pagerfanta/core/Pagerfanta.php',
        338,
      );
    }
    const link = (p: number): string => {
      const next = new URLSearchParams(params);
      next.set('page', String(p));
      return `${url.pathname}?${next}`;
    };
    return {
      page,
      per_page: perPage,
      total: rows.length,
      total_pages: totalPages,
      links: {
        first: link(1),
        previous: link(Math.max(1, page - 1)),
        next: link(Math.min(totalPages, page + 1)),
        last: link(totalPages),
      },
      rows: rows.slice((page - 1) * perPage, page * perPage),
    };
  }

  // --- HTTP --------------------------------------------------------------------------------

  function callerOf(request: http.IncomingMessage, url: URL): Caller {
    const bearer = /Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '')?.[1];
    const cookie = /(?:^|;\s*)token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const headerKey = request.headers['x-api-key'];
    const candidates = [
      bearer,
      typeof headerKey === 'string' ? headerKey : undefined,
      cookie,
      url.searchParams.get('api_key') ?? undefined,
    ];
    // ApiAuth::getApiKey takes the first value with a ':'; an unknown key is simply anonymous.
    const key = candidates.find((k) => k !== undefined && k.includes(':'));
    const user = key === undefined ? null : (apiKeys[key] ?? null);
    const userLocale = user ? (user.locale ?? keyLocale) : 'default';
    const browserNl = /^\s*nl\b/i.test(request.headers['accept-language'] ?? '');
    const locale: FakeAzuraCastLocale =
      userLocale !== 'default' ? userLocale : browserNl ? 'nl' : 'en';
    const forwarded = request.headers['x-forwarded-for'];
    const ip =
      options.ipSource === 'xff' && typeof forwarded === 'string' && forwarded !== ''
        ? (forwarded.split(',')[0] ?? '').trim()
        : (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    return { user, locale, ip };
  }

  async function readJson(request: http.IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }

  async function route(request: http.IncomingMessage, url: URL): Promise<Answer> {
    const method = request.method ?? 'GET';
    const caller = callerOf(request, url);
    const base = baseUrl(request);
    const path = url.pathname.replace(/\/+$/, '');
    const ok = (body: unknown): Answer => ({ status: 200, body });

    if (options.controlRoutes && path.startsWith('/__fake/')) return control(path, url, base);

    const nowPlaying = /^\/api\/nowplaying(?:\/([^/]+))?$/.exec(path);
    if (nowPlaying && method === 'GET') {
      if (nowPlaying[1] === undefined) return ok([nowPlayingPayload(base)]);
      if (!isThisStation(nowPlaying[1])) throw stationNotFound(caller);
      return ok(nowPlayingPayload(base));
    }
    const match = /^\/api\/station\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) throw notFoundRoute();
    const [, station = '', rest = ''] = match;
    if (!isThisStation(station)) throw stationNotFound(caller);

    const allow = (...methods: string[]): void => {
      if (!methods.includes(method)) {
        throw new ApiException(
          405,
          'HttpMethodNotAllowedException',
          'Method not allowed.',
          '/var/azuracast/www/vendor/slim/slim/Slim/Middleware/RoutingMiddleware.php',
          79,
        );
      }
    };
    if (rest === '/nowplaying') {
      allow('GET');
      return ok(nowPlayingPayload(base));
    }
    if (rest === '/requests') {
      allow('GET');
      return ok(listRequestable(caller, url, base));
    }
    const submit = /^\/request\/([^/]+)$/.exec(rest);
    if (submit) {
      allow('GET', 'POST');
      checkRateLimit(caller, 'api', 5, 2);
      try {
        const message = submitRequest(caller, submit[1] ?? '', request.headers['user-agent'] ?? '');
        return ok({ success: true, message, formatted_message: message });
      } catch (error) {
        if (!(error instanceof RefusedRequest)) throw error;
        // 0.19.3 src/Controller/Api/Stations/Requests/SubmitAction.php L85-88.
        return {
          status: 400,
          body: { success: false, message: error.message, formatted_message: error.message },
        };
      }
    }
    if (rest === '/queue') {
      allow('GET');
      requirePermission(caller, 'broadcasting');
      return ok(
        paginate(
          queue.map((row) => ({
            ...queuePayload(row, base),
            sent_to_autodj: row.sentToAutodj,
            is_played: false,
            autodj_custom_uri: null,
            log: null,
            links: { self: `${base}/api/station/${STATION_ID}/queue/${row.id}` },
          })),
          url,
          caller,
        ),
      );
    }
    if (rest === '/history') {
      allow('GET');
      requirePermission(caller, 'reports');
      const start = parseTime(url.searchParams.get('start'));
      const end = parseTime(url.searchParams.get('end'));
      const rows = history
        .filter(
          (h) => (start === null || h.startedAt >= start) && (end === null || h.startedAt <= end),
        )
        .reverse()
        .map((h) => ({
          ...historyPayload(h, base),
          listeners_start: 0,
          listeners_end: 0,
          delta_total: 0,
          is_visible: h.isVisible,
        }));
      return ok(paginate(rows, url, caller));
    }
    if (rest === '/files') {
      allow('GET', 'POST');
      requirePermission(caller, 'media');
      if (method === 'POST') return ok(upload(caller, await readJson(request), base));
      const rows = [...media]
        .sort((a, b) => compareText(a.path, b.path))
        .map((m) => mediaPayload(m, base));
      return ok(paginate(rows, url, caller));
    }
    const file = /^\/file\/([^/]+)$/.exec(rest);
    if (file) {
      allow('GET', 'PUT', 'DELETE');
      requirePermission(caller, method === 'DELETE' ? 'delete-media' : 'media');
      const id = file[1] ?? '';
      if (method === 'PUT') return editFile(caller, id, await readJson(request));
      const record = findFile(id);
      if (!record) return recordNotFound(caller);
      if (method === 'DELETE') {
        media.splice(media.indexOf(record), 1);
        const text = t(caller.locale, 'Record deleted successfully.');
        return ok({ success: true, message: text, formatted_message: text });
      }
      return ok(mediaPayload(record, base));
    }
    if (rest === '/playlists') {
      allow('GET');
      requirePermission(caller, 'media');
      return ok(playlists.map((p) => playlistPayload(p, base)));
    }
    throw notFoundRoute();
  }

  function control(path: string, url: URL, base: string): Answer {
    const state = (): unknown => ({
      now: new Date(nowMs()).toISOString(),
      nowPlaying: nowPlayingPayload(base),
      queue: queue.map((row) => queuePayload(row, base)),
      songRequests,
    });
    if (path === '/__fake/play-next') playNext();
    else if (path === '/__fake/advance') advance(Number(url.searchParams.get('ms') ?? '0'));
    else if (path === '/__fake/requests-enabled') {
      requestsEnabled = url.searchParams.get('value') !== 'false';
    } else if (path !== '/__fake/state') throw notFoundRoute();
    return { status: 200, body: state() };
  }

  function stationNotFound(caller: Caller): ApiException {
    return new ApiException(
      404,
      'NotFoundException',
      t(caller.locale, 'Station not found.'),
      `${srcRoot}/Exception/NotFoundException.php`,
      34,
    );
  }

  function advance(ms: number): void {
    advancedMs += Math.max(0, ms);
    // Liquidsoap keeps playing: songs whose time is up give way to the next ones.
    while (history.length > 0 && currentEnd() * 1000 <= nowMs()) playNext(true);
  }

  const server = http.createServer((request, response) => {
    const url = recordRequest(request, log);
    const overridePath = url.pathname.replace(/\/+$/, '') || '/';
    const override = overrides.get(overridePath);
    if (override) {
      override.remaining -= 1;
      if (override.remaining <= 0) overrides.delete(overridePath);
    }
    const fake = override?.response;
    const onlyDelay =
      fake !== undefined &&
      fake.status === undefined &&
      fake.json === undefined &&
      fake.text === undefined &&
      fake.location === undefined;
    answerAfter(response, fake?.delayMs, () => {
      if (fake && !onlyDelay) {
        const text = fake.text ?? JSON.stringify(fake.json ?? null);
        response.writeHead(fake.status ?? 200, {
          'content-type':
            fake.contentType ??
            (fake.text === undefined ? 'application/json' : 'text/plain; charset=utf-8'),
          ...(fake.location === undefined ? {} : { location: fake.location }),
        });
        response.end(text);
        return;
      }
      route(request, url).then(
        (answer) => sendJson(response, answer.status, answer.body),
        (error: unknown) => {
          if (error instanceof ApiException) return sendError(request, response, error);
          sendJson(response, 500, {
            code: 500,
            type: 'Error',
            message: String(error),
            formatted_message: String(error),
            extra_data: [],
            success: false,
          });
        },
      );
    });
  });
  const { url, close } = await listenOnLoopback(server, options.port);

  // The station is on air from the start: one song playing, the queue full.
  buildQueue();
  if (queue.length > 0) playNext();

  return {
    url,
    nowPlayingUrl: `${url}/api/nowplaying/${STATION_ID}`,
    stationId: STATION_ID,
    version,
    requests: log,
    media: () => media.map((m) => ({ ...m, playlistIds: [...m.playlistIds] })),
    playlists: () => playlists.map((p) => ({ ...p })),
    queue: () => queue.map((row) => ({ ...row })),
    history: () => history.map((h) => ({ ...h })),
    songRequests: () => songRequests.map((r) => ({ ...r })),
    now: nowMs,
    advance,
    setRequestsEnabled(enabled) {
      requestsEnabled = enabled;
    },
    setPlaylist(id, change) {
      const playlist = playlists.find((p) => p.id === id);
      if (!playlist) throw new Error(`fake AzuraCast: no playlist ${id}`);
      Object.assign(playlist, change);
    },
    playNext: () => playNext(),
    respond(path, response, times = Number.POSITIVE_INFINITY) {
      overrides.set(path, { response, remaining: times });
    },
    reset() {
      overrides.clear();
      log.length = 0;
    },
    close,
  };
}

function initialLibrary(options: FakeAzuraCastOptions): {
  media: FakeMedia[];
  playlists: FakePlaylist[];
} {
  const fixtureFiles = azuraCastFixture('files') as {
    id: number;
    unique_id: string;
    song_id: string;
    path: string;
    title: string | null;
    artist: string | null;
    album: string | null;
    genre: string | null;
    length: number;
    uploaded_at: number;
    playlists: { id: number; name: string }[];
  }[];
  const fixturePlaylists = new Map<number, string>();
  for (const file of fixtureFiles) {
    for (const p of file.playlists) fixturePlaylists.set(p.id, p.name);
  }
  const playlists: FakePlaylist[] = (
    options.playlists ??
    [...fixturePlaylists].map(([id, name]) => ({ id, name, isJingle: /jingle/i.test(name) }))
  ).map((p) => ({
    isEnabled: true,
    // StationPlaylist::$include_in_requests defaults to true; jingles are usually excluded.
    includeInRequests: !p.isJingle,
    isJingle: false,
    scheduledNow: true,
    weight: 3,
    ...p,
  }));
  const media: FakeMedia[] = (
    options.media ??
    fixtureFiles.map((f) => ({
      id: f.id,
      uniqueId: f.unique_id,
      songId: f.song_id,
      path: f.path,
      title: f.title,
      artist: f.artist,
      album: f.album,
      genre: f.genre,
      length: f.length,
      playlistIds: f.playlists.map((p) => p.id),
      uploadedAt: f.uploaded_at,
    }))
  ).map((m, index) => {
    const title = m.title ?? m.path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
    const artist = m.artist ?? null;
    return {
      id: 101 + index,
      uniqueId: randomBytes(12).toString('hex'),
      songId: songHash(artist, title),
      album: null,
      genre: null,
      length: 180,
      playlistIds: [],
      uploadedAt: 1730538900,
      ...m,
      title,
      artist,
    };
  });
  return { media, playlists };
}

function isThisStation(id: string): boolean {
  return id === String(STATION_ID) || id === SHORTCODE;
}

function matchable(value: string | null): string {
  return (value ?? '').trim().toLowerCase();
}

function artistParts(artist: string | null): string[] {
  let text = (artist ?? '').trim();
  for (const separator of ARTIST_SEPARATORS) text = text.split(separator).join('\u0007');
  return text
    .split('\u0007')
    .map(matchable)
    .filter((part) => part !== '');
}

function compareText(a: unknown, b: unknown): number {
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { sensitivity: 'base' });
}

function shortName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function songHash(artist: string | null, title: string | null): string {
  return createHash('md5')
    .update(`${artist ?? ''} - ${title ?? ''}`.toLowerCase())
    .digest('hex');
}

function parseTime(value: string | null): number | null {
  if (value === null || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

function isReservedIp(ip: string): boolean {
  return (
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    ip === '::1' ||
    /^f[cd]/i.test(ip)
  );
}

function isImage(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
  );
}

/** What MimeType::isFileProcessable accepts, by the magic numbers of the common formats. */
function isAudio(bytes: Buffer): boolean {
  const ascii = (start: number, end: number): string =>
    bytes.subarray(start, end).toString('latin1');
  return (
    ascii(0, 3) === 'ID3' ||
    (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) ||
    ascii(0, 4) === 'fLaC' ||
    ascii(0, 4) === 'OggS' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') ||
    ascii(4, 8) === 'ftyp'
  );
}

interface Id3Tags {
  title?: string;
  artist?: string;
  album?: string;
  genre?: string;
  lengthSeconds?: number;
}

/** The text frames of an ID3v2.3/2.4 tag (enough for uploads in tests). */
function readId3(bytes: Buffer): Id3Tags {
  if (bytes.subarray(0, 3).toString('latin1') !== 'ID3') return {};
  const major = bytes[3] ?? 3;
  const syncsafe = (at: number): number =>
    ((bytes[at] ?? 0) << 21) |
    ((bytes[at + 1] ?? 0) << 14) |
    ((bytes[at + 2] ?? 0) << 7) |
    (bytes[at + 3] ?? 0);
  const end = 10 + syncsafe(6);
  const tags: Id3Tags = {};
  const names: Record<string, keyof Id3Tags> = {
    TIT2: 'title',
    TPE1: 'artist',
    TALB: 'album',
    TCON: 'genre',
  };
  for (let at = 10; at + 10 <= end && at + 10 <= bytes.length;) {
    const id = bytes.subarray(at, at + 4).toString('latin1');
    if (!/^[A-Z0-9]{4}$/.test(id)) break;
    const size = major >= 4 ? syncsafe(at + 4) : bytes.readUInt32BE(at + 4);
    const frame = bytes.subarray(at + 10, at + 10 + size);
    const encoding = frame[0];
    const raw = frame.subarray(1);
    const text = (
      encoding === 1 || encoding === 2
        ? raw.toString('utf16le').replace(/^\ufeff/, '')
        : raw.toString(encoding === 3 ? 'utf8' : 'latin1')
    ).replace(/\0+$/, '');
    const name = names[id];
    if (name && name !== 'lengthSeconds') tags[name] = text;
    if (id === 'TLEN' && Number(text) > 0) tags.lengthSeconds = Math.round(Number(text) / 1000);
    at += 10 + size;
  }
  return tags;
}

/** Constant-bitrate estimate from the first MPEG-1 layer III frame. */
function estimateMp3Seconds(bytes: Buffer): number {
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let at = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    at =
      10 +
      (((bytes[6] ?? 0) << 21) |
        ((bytes[7] ?? 0) << 14) |
        ((bytes[8] ?? 0) << 7) |
        (bytes[9] ?? 0));
  }
  for (; at + 4 < bytes.length; at++) {
    if (bytes[at] === 0xff && ((bytes[at + 1] ?? 0) & 0xfe) === 0xfa) {
      const rate = kbps[(bytes[at + 2] ?? 0) >> 4] ?? 0;
      return rate > 0 ? Math.round(((bytes.length - at) * 8) / (rate * 1000)) : 0;
    }
  }
  return 0;
}
