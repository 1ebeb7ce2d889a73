import type { Dispatcher } from 'undici';

/**
 * One contract for every station source (an external AzuraCast, or the built-in Liquidsoap +
 * Icecast station, which publishes the same AzuraCast shapes). Everything is normalised here:
 * times are Dates, durations whole seconds, empty names are empty strings.
 */

export interface PlayedSong {
  /** The source's own id of this play (AzuraCast `sh_id`, or the built-in station's id). */
  sourceId: string;
  playedAt: Date;
  /** Seconds; 0 when unknown. */
  duration: number;
  title: string;
  artist: string;
  album: string | null;
  /** False for hidden plays such as jingles: they are not listed to listeners. */
  isVisible: boolean;
}

export interface CurrentSong extends PlayedSong {
  /** Seconds into the song when the source answered. */
  elapsed: number;
  remaining: number;
}

export interface NowPlaying {
  stationName: string;
  isOnline: boolean;
  isLive: boolean;
  current: CurrentSong | null;
  /** Newest first, without the current song. */
  recent: PlayedSong[];
  /** Listeners connected now; absent when the source does not say. */
  listeners?: { current: number; unique: number };
  /** What the source says plays next; absent when it does not say. */
  playingNext?: { artist: string; title: string; duration: number };
}

export interface LibraryTrack {
  /**
   * The source's own id of the file, stable across scans: AzuraCast's `unique_id`; the built-in
   * station's absolute file path.
   */
  mediaId: string;
  /**
   * AzuraCast: the path relative to its media folder. Built-in station: the absolute file path,
   * which Liquidsoap plays as is.
   */
  path: string;
  title: string;
  artist: string;
  album: string | null;
  /** Seconds. */
  duration: number;
  /** Listed by the source's request API (AzuraCast: in a playlist that takes requests). */
  requestable: boolean;
  /** What the source's request API takes for this track; null when it is not requestable. */
  requestId: string | null;
}

export interface QueueEntry {
  title: string;
  artist: string;
  /** Seconds. */
  duration: number;
  /** Expected start, when the source knows it. */
  expectedStart: Date | null;
  isRequest: boolean;
}

export interface StationSource {
  nowPlaying(): Promise<NowPlaying>;
  /** Plays that started within [start, end], newest first. */
  history(range: { start: Date; end: Date }): Promise<PlayedSong[]>;
  library(): Promise<LibraryTrack[]>;
  queue(): Promise<QueueEntry[]>;
}

/** What went wrong, for a person (the admin's source test says it in Dutch). */
export type StationSourceFailure =
  | 'bad-url'
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'not-json'
  | 'unexpected-answer'
  /** The address is, or resolves to, an internal one that was not allowed. */
  | 'private-address'
  /** A redirect to another origin, which the key must not follow. */
  | 'redirect'
  | 'other';

/** A source answered something unusable or not at all; `message` is for the operator's log. */
export class StationSourceError extends Error {
  override readonly name = 'StationSourceError';
  /** The HTTP status when the source answered with an error status. */
  readonly status: number | null;
  readonly failure: StationSourceFailure;
  /** AzuraCast's error `type` (its exception's class name: the same in every language). */
  readonly errorType: string | null;

  constructor(
    message: string,
    options: { status?: number; failure?: StationSourceFailure; errorType?: string | null } = {},
  ) {
    super(message);
    this.status = options.status ?? null;
    this.errorType = options.errorType ?? null;
    this.failure = options.failure ?? (options.status ? 'http-status' : 'other');
  }
}

export interface StationSourceSettings {
  /** The AzuraCast-style now-playing URL, `{base}/api/nowplaying/{station}`. */
  nowPlayingUrl: string;
  /** Sent as X-API-Key (history, library and queue need it), to this URL's origin only. */
  apiKey: string | null;
  timeoutMs?: number;
  /** How to connect (the admin's source test: public addresses only); default: any address. */
  dispatcher?: Dispatcher;
}

/**
 * The key a station source's plays and library are stored under (play_history.source,
 * library_tracks.source): the origin of its now-playing URL. Plays are numbered per station
 * server (AzuraCast's sh_id counts across all stations of one installation), so another path on
 * the same server is the same numbering. Never carries the API key. A URL that does not parse
 * is its own key.
 */
export function stationSourceKey(nowPlayingUrl: string): string {
  const url = nowPlayingUrl.trim();
  return URL.canParse(url) ? new URL(url).origin : url;
}

/** The now-playing URL of the source that broadcastingMode points at; null when it is not set. */
export function activeStationUrl(settings: {
  broadcastingMode: string;
  nonstopUrl: string | null;
  liveUrl: string | null;
}): string | null {
  const live = settings.broadcastingMode === 'live';
  return (live ? settings.liveUrl : settings.nonstopUrl)?.trim() || null;
}

/**
 * The id to give the station's request API (AzuraCast's) for a library track, or null when the
 * requests service queues the track itself: a track of the built-in station (`builtInSource`,
 * whose library publishes request ids in AzuraCast's shape too) or one without a request id.
 * The requests service's query for tracks to queue (unqueuedApproved) says the same in SQL.
 */
export function stationRequestIdOf(
  track: { source: string; requestId: string | null },
  builtInSource: string | null,
): string | null {
  return track.source === builtInSource ? null : track.requestId;
}
