/**
 * Where we talk to an AzuraCast station: what the worker reads (now playing, history, library,
 * queue), the song requests we send, and the upload of a requested Deezer track into its request
 * playlist. Every call goes through AzuraCastApi (azuracast-api.ts: the key, redirects, errors);
 * the shapes of its answers are in read-schemas.ts.
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  StationSourceError,
  type CurrentSong,
  type LibraryTrack,
  type NowPlaying,
  type PlayedSong,
  type QueueEntry,
  type StationSource,
  type StationSourceSettings,
} from '../station-source.ts';
import { isBuiltInNowPlayingUrl } from '../built-in/built-in-station.ts';
import { AzuraCastApi, DEFAULT_TIMEOUT_MS } from './azuracast-api.ts';
import {
  filesPageSchema,
  historySchema,
  nowPlayingSchema,
  queueSchema,
  ignoredBodySchema,
  playlistsSchema,
  requestsPageSchema,
  uploadedMediaSchema,
  type MediaPayload,
  type NowPlayingPayload,
  type SongHistoryPayload,
} from './read-schemas.ts';

/** Library pages: big enough to be few, small enough for a slow install to answer in time. */
const FILES_PER_PAGE = 500;

/**
 * A station behind an AzuraCast API, or anything that publishes the same shapes (the built-in
 * station). History, library and queue live next to the now-playing URL and need the API key.
 */
export function createAzuraCastSource(settings: StationSourceSettings): StationSource {
  const api = new AzuraCastApi({
    nowPlayingUrl: settings.nowPlayingUrl,
    apiKey: settings.apiKey,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    dispatcher: settings.dispatcher,
  });

  return {
    async nowPlaying() {
      return toNowPlaying(await api.get(api.nowPlayingUrl, nowPlayingSchema));
    },

    async history({ start, end }) {
      const url = api.stationUrl('history', { start: isoSeconds(start), end: isoSeconds(end) });
      const rows = await api.get(url, historySchema);
      return rows
        .map((row) => ({ ...toPlayedSong(row), isVisible: row.is_visible }))
        .sort((a, b) => b.playedAt.getTime() - a.playedAt.getTime());
    },

    async library() {
      const media = await allPages(api, 'files', filesPageSchema);
      const requestIds = await requestableIds(api);
      return media.map((row) => toLibraryTrack(row, requestIds));
    },

    async queue() {
      const rows = await api.get(api.stationUrl('queue'), queueSchema);
      return rows.map((row): QueueEntry => ({
        title: row.song.title,
        artist: row.song.artist,
        duration: row.duration,
        expectedStart: row.played_at ? fromUnix(row.played_at) : null,
        isRequest: row.is_request,
      }));
    },
  };
}

function toNowPlaying(payload: NowPlayingPayload): NowPlaying {
  const playing = payload.now_playing;
  // Offline, AzuraCast puts a placeholder with sh_id 0 ("Station Offline") where the song goes.
  const current: CurrentSong | null =
    playing && playing.sh_id !== 0
      ? { ...toPlayedSong(playing), elapsed: playing.elapsed, remaining: playing.remaining }
      : null;
  return {
    stationName: payload.station.name,
    isOnline: payload.is_online,
    isLive: payload.live.is_live,
    current,
    recent: payload.song_history.map(toPlayedSong),
    ...(payload.listeners && {
      listeners: { current: payload.listeners.current, unique: payload.listeners.unique },
    }),
    ...(payload.playing_next && {
      playingNext: {
        artist: payload.playing_next.song.artist,
        title: payload.playing_next.song.title,
        duration: payload.playing_next.duration,
      },
    }),
  };
}

/** Now-playing `song_history` lists only visible plays. */
function toPlayedSong(row: SongHistoryPayload): PlayedSong {
  return {
    sourceId: String(row.sh_id),
    playedAt: row.played_at_ms === undefined ? fromUnix(row.played_at) : new Date(row.played_at_ms),
    duration: row.duration,
    title: row.song.title,
    artist: row.song.artist,
    album: row.song.album,
    isVisible: true,
  };
}

type PagedSchema<Row> = z.ZodType<Row[] | { rows: Row[]; total_pages: number }>;

/** Every row of a paged list (files, requests), a page at a time. */
async function allPages<Row>(
  api: AzuraCastApi,
  path: string,
  schema: PagedSchema<Row>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const query = { per_page: String(FILES_PER_PAGE), page: String(page) };
    const body = await api.get(api.stationUrl(path, query), schema);
    // An install that ignores the paging parameters answers the whole list at once.
    if (Array.isArray(body)) return body;
    rows.push(...body.rows);
    if (page >= body.total_pages || body.rows.length === 0) return rows;
  }
}

/**
 * The request ids AzuraCast lists as requestable (its `request_id` is the media's `unique_id`).
 * A station that takes no requests (or has no request playlist on air, 0.22+) says so by the
 * shape of its answer, in any language and version: a 500 of type StationUnsupportedException
 * (0.19's middleware: "This feature is not currently supported on this station."; later: "This
 * station does not currently accept requests."). Then nothing is requestable; any other failure
 * fails the scan.
 */
async function requestableIds(api: AzuraCastApi): Promise<Set<string>> {
  try {
    const rows = await allPages(api, 'requests', requestsPageSchema);
    return new Set(rows.map((row) => row.request_id));
  } catch (error) {
    if (error instanceof StationSourceError && error.errorType === 'StationUnsupportedException') {
      return new Set();
    }
    throw error;
  }
}

function toLibraryTrack(media: MediaPayload, requestIds: ReadonlySet<string>): LibraryTrack {
  const requestable = requestIds.has(media.unique_id);
  return {
    mediaId: media.unique_id,
    path: media.path,
    title: media.title,
    artist: media.artist,
    album: media.album,
    duration: media.length,
    requestable,
    requestId: requestable ? media.unique_id : null,
  };
}

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

/** An explicit offset, so AzuraCast does not read the time in the station's own zone. */
const isoSeconds = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`;

// --- song requests ------------------------------------------------------------------------

/** An AzuraCast station's request API: where its now playing is, and the key we send. */
export interface AzuraCastStation {
  nowPlayingUrl: string;
  apiKey: string | null;
}

/** Why AzuraCast refused a request, as far as its answer tells without reading its words. */
export type SongRequestRefusal =
  /** The request id is unknown (404): the track left the station's library. */
  | 'not-found'
  /** Anything else it refused; its message says what (in the API key user's language). */
  | 'refused';

/** What AzuraCast answered a song request, in the terms we act on. */
export type SongRequestAnswer =
  | { kind: 'accepted' }
  | {
      kind: 'refused';
      reason: SongRequestRefusal;
      /** AzuraCast's own message, as its public request page shows it. */
      message: string;
      /** A wait it names in its message ("Please wait 12 minutes", "Wacht 12 minuten"). */
      waitSeconds: number | null;
    }
  /** Its rate limiter (HTTP 429): a moment later the same request may go. */
  | { kind: 'rate-limited'; waitSeconds: number }
  /** No answer, or an error that is not a refusal: the next request fares no better now. */
  | { kind: 'unavailable'; detail: string };

/**
 * The AzuraCast station song requests go to: the nonstop source (requests are taken in nonstop
 * mode). Null when none is set, or when it is the built-in station (whose requests the requests
 * service queues itself and whose files are ours to place).
 */
export function nonstopAzuraCastOf(
  settings: { nonstopUrl: string | null; nonstopApiKey: string | null } | undefined,
): AzuraCastStation | null {
  const nowPlayingUrl = settings?.nonstopUrl?.trim();
  if (!nowPlayingUrl || isBuiltInNowPlayingUrl(nowPlayingUrl)) return null;
  return { nowPlayingUrl, apiKey: settings?.nonstopApiKey?.trim() || null };
}

export const SONG_REQUEST_TIMEOUT_MS = 5_000;
const RATE_LIMIT_WAIT_S = 5;

/**
 * `POST {base}/api/station/{station}/request/{requestId}` with the station key. Never throws: an
 * unreachable station is `unavailable`.
 */
export async function requestSong(
  station: AzuraCastStation,
  requestId: string,
  options: { timeoutMs?: number; dispatcher?: Dispatcher } = {},
): Promise<SongRequestAnswer> {
  let answer: AzuraCastAnswer;
  try {
    const api = new AzuraCastApi({
      ...station,
      timeoutMs: options.timeoutMs ?? SONG_REQUEST_TIMEOUT_MS,
      dispatcher: options.dispatcher,
    });
    answer = await api.post(api.stationUrl(`request/${encodeURIComponent(requestId)}`));
  } catch (error) {
    return { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
  return classifySongRequestAnswer(answer);
}

/** AzuraCast's answer to a POST, as AzuraCastApi.post reads it. */
export interface AzuraCastAnswer {
  status: number;
  message: string;
  /** The body is AzuraCast's own Api_Status or Api_Error JSON. */
  isApiError: boolean;
  /** Api_Error's `type`: the class name of the exception, the same in every language. */
  errorType: string | null;
}

/**
 * AzuraCast's exceptions that are a refusal of this request (0.20 onwards answer them with 500):
 * CannotCompleteActionException ("Cannot submit request: …", every rule of the request
 * repository) and StationUnsupportedException (requests are off).
 */
const REFUSAL_TYPES = new Set(['CannotCompleteActionException', 'StationUnsupportedException']);

/**
 * By what does not change between languages: the status code and the body's shape. 0.19.x
 * answers a refusal with 400 and an Api_Status `{success: false, message}`; 0.20 onwards with 500
 * and an Api_Error whose type names the refusal (any other 500 is AzuraCast failing). Its words
 * are read only for a wait in minutes.
 */
export function classifySongRequestAnswer(answer: AzuraCastAnswer): SongRequestAnswer {
  const { status, isApiError, errorType } = answer;
  // 0.19.x puts "<Class> at <file> L<line>: " before an error's text.
  const message = answer.message.replace(/^[\w\\]+ at \S+ L\d+: /, '');
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  // 0.19.x answers its rate limit with a 500 of this type, later versions with 429.
  if (status === 429 || errorType === 'RateLimitExceededException') {
    return { kind: 'rate-limited', waitSeconds: RATE_LIMIT_WAIT_S };
  }
  if (!isApiError) return { kind: 'unavailable', detail: `HTTP ${status}: ${message}` };
  if (status === 404) return { kind: 'refused', reason: 'not-found', message, waitSeconds: null };
  const refusal =
    (status >= 400 && status < 500) || (errorType !== null && REFUSAL_TYPES.has(errorType));
  if (refusal) {
    return { kind: 'refused', reason: 'refused', message, waitSeconds: minutesNamedIn(message) };
  }
  return { kind: 'unavailable', detail: `HTTP ${status}: ${message}` };
}

/** "Please wait 12 minutes" and its translations: the first number followed by a minute word. */
function minutesNamedIn(message: string): number | null {
  const match = /(\d+)\s*(?:minutes?|minuten|minuut|min\b)/i.exec(message);
  return match ? Number(match[1]) * 60 : null;
}

// --- requested tracks onto the station ---------------------------------------------------

/** A file of ours in the station's library, as its files API knows it. */
export interface UploadedMedia {
  /** The files API's record id (`/file/{id}`). */
  id: number;
  /** What the requests API lists it under (`request_id`) once it is requestable. */
  uniqueId: string;
  path: string;
}

/** Why a track could not be put on the station, in Dutch for the admin. */
export class StationMediaError extends Error {}

/** An upload of some megabytes as base64 JSON: AzuraCast processes it before it answers. */
const UPLOAD_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 15_000;

/**
 * Puts a track into the station's library through AzuraCast's files API (`POST files` with
 * `{path, file}` base64, the same from 0.19 to 0.23) and into the playlist the operator named
 * for requests (`PUT file/{id}` with `playlists`). The playlist must exist, be enabled and take
 * requests: otherwise the track could never be requested, and the admin is told why.
 */
export async function uploadToRequestPlaylist(
  station: AzuraCastStation,
  track: { path: string; bytes: Uint8Array; playlistName: string },
): Promise<UploadedMedia> {
  const api = new AzuraCastApi({ ...station, timeoutMs: CALL_TIMEOUT_MS });
  const playlist = (
    await explained(api.get(api.stationUrl('playlists'), playlistsSchema), 'de playlists lezen')
  ).find((row) => sameName(row.name, track.playlistName));
  if (!playlist) {
    throw new StationMediaError(
      `De zender heeft geen playlist "${track.playlistName}" (AZURACAST_REQUEST_PLAYLIST): maak die aan in AzuraCast, met "Allow Requests from This Playlist" ("Sta liedjes verzoeken toe van deze afspeellijst") aan.`,
    );
  }
  if (playlist.is_enabled === false || playlist.include_in_requests === false) {
    throw new StationMediaError(
      `De playlist "${playlist.name}" op de zender staat uit of neemt geen verzoekjes aan: zet in AzuraCast de playlist aan, met "Allow Requests from This Playlist" ("Sta liedjes verzoeken toe van deze afspeellijst").`,
    );
  }
  const uploader = new AzuraCastApi({ ...station, timeoutMs: UPLOAD_TIMEOUT_MS });
  const uploaded = await explained(
    uploader.send(
      'POST',
      uploader.stationUrl('files'),
      { path: track.path, file: Buffer.from(track.bytes).toString('base64') },
      uploadedMediaSchema,
    ),
    'het bestand uploaden',
  );
  await explained(
    api.send(
      'PUT',
      api.stationUrl(`file/${uploaded.id}`),
      { playlists: [playlist.id] },
      ignoredBodySchema,
    ),
    `het bestand in de playlist "${playlist.name}" zetten`,
  );
  return { id: uploaded.id, uniqueId: uploaded.unique_id, path: uploaded.path };
}

/** Whether the station's requests API lists the media now (it caches its list for minutes). */
export async function isRequestable(station: AzuraCastStation, uniqueId: string): Promise<boolean> {
  const api = new AzuraCastApi({ ...station, timeoutMs: CALL_TIMEOUT_MS });
  return (await explained(requestableIds(api), 'de verzoeklijst lezen')).has(uniqueId);
}

const sameName = (a: string, b: string): boolean =>
  a.trim().localeCompare(b.trim(), 'nl', { sensitivity: 'accent' }) === 0;

async function explained<T>(call: Promise<T>, doing: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof StationSourceError)) throw error;
    const status = error.status;
    const why =
      status === 401 || status === 403
        ? 'de API-sleutel mag dit niet (geef de rol van de gebruiker van de sleutel het stationsrecht "Manage Station Media", "Beheer media van station")'
        : status === null
          ? 'geen antwoord'
          : `HTTP ${status}`;
    throw new StationMediaError(`De zender kon ${doing} niet: ${why}. (${error.message})`);
  }
}
