/**
 * The AzuraCast payloads the built-in station publishes (exact shapes, as the fixtures in
 * packages/testing/fixtures/azuracast show them), and how its plays become them. The built-in
 * station has no album art, playlists or live DJs: those fields hold AzuraCast's "none" values.
 * Its listeners are Icecast's connections (Icecast does not tell unique ones), given by the
 * caller; history rows carry none.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  BUILT_IN_STATION_ID,
  builtInStreamPaths,
  type BuiltInLibraryTrack,
  type BuiltInPlay,
  type BuiltInStationProfile,
} from './built-in-station.ts';

/** Plays in the now-playing `song_history`: AzuraCast's default `api_history_items`. */
export const NOW_PLAYING_HISTORY_ITEMS = 5;
/** A play whose end is this long past, with nothing after it, means the station is off air. */
const OFF_AIR_AFTER_SECONDS = 30;
/** How long a play of unknown duration counts as playing. */
const UNKNOWN_DURATION_ON_AIR_SECONDS = 3600;

const listenersSchema = z.object({
  total: z.number().int(),
  unique: z.number().int(),
  current: z.number().int(),
});

export const publishedSongSchema = z.object({
  id: z.string(),
  art: z.string(),
  /** No custom fields: PHP's empty array. */
  custom_fields: z.tuple([]),
  text: z.string(),
  artist: z.string(),
  title: z.string(),
  album: z.string(),
  genre: z.string(),
  isrc: z.string(),
  lyrics: z.string(),
});

export const publishedSongHistorySchema = z.object({
  sh_id: z.number().int(),
  played_at: z.number().int(),
  /** Not AzuraCast's: `played_at` in milliseconds, when known. */
  played_at_ms: z.number().int().optional(),
  duration: z.number().int(),
  /** Null only in the offline placeholder. */
  playlist: z.string().nullable(),
  streamer: z.string().nullable(),
  is_request: z.boolean(),
  song: publishedSongSchema,
});

export const publishedNowPlayingSchema = z.object({
  station: z.object({
    id: z.number().int(),
    name: z.string(),
    shortcode: z.string(),
    description: z.string(),
    frontend: z.string(),
    backend: z.string(),
    timezone: z.string(),
    listen_url: z.string(),
    url: z.string().nullable(),
    public_player_url: z.string(),
    playlist_pls_url: z.string(),
    playlist_m3u_url: z.string(),
    is_public: z.boolean(),
    requests_enabled: z.boolean(),
    mounts: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        url: z.string(),
        bitrate: z.number().int().nullable(),
        format: z.string().nullable(),
        listeners: listenersSchema,
        path: z.string(),
        is_default: z.boolean(),
      }),
    ),
    remotes: z.tuple([]),
    hls_enabled: z.boolean(),
    hls_is_default: z.boolean(),
    hls_url: z.string().nullable(),
    hls_listeners: z.number().int(),
  }),
  listeners: listenersSchema,
  live: z.object({
    is_live: z.boolean(),
    streamer_name: z.string(),
    broadcast_start: z.number().int().nullable(),
    art: z.string().nullable(),
  }),
  now_playing: publishedSongHistorySchema
    .extend({ elapsed: z.number().int(), remaining: z.number().int() })
    .nullable(),
  playing_next: z.null(),
  song_history: z.array(publishedSongHistorySchema),
  is_online: z.boolean(),
  cache: z.null(),
});
export type PublishedNowPlaying = z.infer<typeof publishedNowPlayingSchema>;

export const publishedHistorySchema = z.array(
  publishedSongHistorySchema.extend({
    listeners_start: z.number().int(),
    listeners_end: z.number().int(),
    delta_total: z.number().int(),
    is_visible: z.boolean(),
  }),
);
export type PublishedHistory = z.infer<typeof publishedHistorySchema>;

const playlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  folder: z.string().nullable(),
  count: z.number().int(),
});

/**
 * The built-in station's two folders, shown as AzuraCast playlists: the rotation, and the
 * request-only songs (like an AzuraCast playlist that only takes requests).
 */
export const builtInPlaylists = {
  rotation: { id: 1, name: 'Rotatie', short_name: 'rotatie', folder: null },
  requestOnly: { id: 2, name: 'Alleen verzoekjes', short_name: 'alleen_verzoekjes', folder: null },
} as const;

export const publishedFilesSchema = z.array(
  z.object({
    id: z.number().int(),
    unique_id: z.string(),
    song_id: z.string(),
    art: z.string(),
    path: z.string(),
    mtime: z.number().int(),
    uploaded_at: z.number().int(),
    art_updated_at: z.number().int(),
    length: z.number(),
    length_text: z.string(),
    custom_fields: z.record(z.string(), z.string()),
    extra_metadata: z.record(z.string(), z.number()),
    playlists: z.array(playlistSchema),
    text: z.string().nullable(),
    artist: z.string().nullable(),
    title: z.string().nullable(),
    album: z.string().nullable(),
    genre: z.string().nullable(),
    isrc: z.string().nullable(),
    lyrics: z.string().nullable(),
  }),
);
export type PublishedFiles = z.infer<typeof publishedFilesSchema>;

/** `Api_NowPlaying_StationQueue` + `Api_StationQueueDetailed` (without `links`). */
export const publishedQueueSchema = z.array(
  z.object({
    cued_at: z.number().int(),
    played_at: z.number().int().nullable(),
    duration: z.number(),
    playlist: z.string(),
    is_request: z.boolean(),
    song: publishedSongSchema,
    sent_to_autodj: z.boolean(),
    is_played: z.boolean(),
    autodj_custom_uri: z.string().nullable(),
    log: z.array(z.string()).nullable(),
  }),
);
export type PublishedQueue = z.infer<typeof publishedQueueSchema>;

const md5 = (value: string): string => createHash('md5').update(value).digest('hex');
const songText = (artist: string, title: string): string =>
  artist && title ? `${artist} - ${title}` : artist || title;

function song(fields: { artist: string; title: string; album: string; genre?: string }) {
  const text = songText(fields.artist, fields.title);
  return {
    id: md5(text.toLowerCase()),
    art: '',
    custom_fields: [] as [],
    text,
    artist: fields.artist,
    title: fields.title,
    album: fields.album,
    genre: fields.genre ?? '',
    isrc: '',
    lyrics: '',
  };
}

function songHistory(play: BuiltInPlay) {
  return {
    sh_id: play.id,
    played_at: play.startedAt,
    ...(play.startedAtMs === undefined ? {} : { played_at_ms: play.startedAtMs }),
    duration: Math.round(play.duration),
    playlist: '',
    streamer: '',
    is_request: false,
    song: song(play),
  };
}

function isOnAir(play: BuiltInPlay, now: number): boolean {
  const end =
    play.duration > 0
      ? play.startedAt + play.duration + OFF_AIR_AFTER_SECONDS
      : play.startedAt + UNKNOWN_DURATION_ON_AIR_SECONDS;
  return now < end;
}

const offlinePlaceholder = {
  sh_id: 0,
  played_at: 0,
  duration: 0,
  playlist: null,
  streamer: null,
  is_request: false,
  song: { ...song({ artist: '', title: '', album: '' }), text: 'Station Offline' },
  elapsed: 0,
  remaining: 0,
};

/**
 * `GET /api/nowplaying/{station}` from the newest plays (newest first). Off air (no play, or the
 * last one long over) it answers like an offline AzuraCast station: `is_online` false and the
 * placeholder with `sh_id` 0.
 */
export function publishedNowPlaying(
  station: BuiltInStationProfile,
  newestPlays: readonly BuiltInPlay[],
  now: Date,
  listenerCount = 0,
): PublishedNowPlaying {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const [latest, ...earlier] = newestPlays;
  const onAir = latest !== undefined && isOnAir(latest, nowSeconds);
  const history = onAir ? earlier : newestPlays;
  const listeners = { total: listenerCount, unique: listenerCount, current: listenerCount };
  const listenUrl = `${station.publicOrigin}${builtInStreamPaths.mount}`;
  return {
    station: {
      id: BUILT_IN_STATION_ID,
      name: station.name,
      shortcode: shortcodeOf(station.name),
      description: '',
      frontend: 'icecast',
      backend: 'liquidsoap',
      timezone: station.timezone,
      listen_url: listenUrl,
      url: station.publicOrigin,
      public_player_url: station.publicOrigin,
      playlist_pls_url: `${station.publicOrigin}${builtInStreamPaths.pls}`,
      playlist_m3u_url: `${station.publicOrigin}${builtInStreamPaths.m3u}`,
      is_public: true,
      requests_enabled: false,
      mounts: [
        {
          id: 1,
          name: '/radio.mp3 (128kbps MP3)',
          url: listenUrl,
          bitrate: 128,
          format: 'mp3',
          listeners,
          path: '/radio.mp3',
          is_default: true,
        },
      ],
      remotes: [],
      hls_enabled: false,
      hls_is_default: false,
      hls_url: null,
      hls_listeners: 0,
    },
    listeners,
    live: { is_live: false, streamer_name: '', broadcast_start: null, art: null },
    now_playing: onAir
      ? { ...songHistory(latest), ...elapsedOf(latest, nowSeconds) }
      : offlinePlaceholder,
    playing_next: null,
    song_history: history.slice(0, NOW_PLAYING_HISTORY_ITEMS).map(songHistory),
    is_online: onAir,
    cache: null,
  };
}

/** AzuraCast's rule: elapsed clamped to [0, duration]; remaining 0 when the duration is unknown. */
function elapsedOf(play: BuiltInPlay, now: number): { elapsed: number; remaining: number } {
  const duration = Math.round(play.duration);
  const elapsed = Math.max(0, now - play.startedAt);
  if (duration <= 0) return { elapsed, remaining: 0 };
  const clamped = Math.min(elapsed, duration);
  return { elapsed: clamped, remaining: duration - clamped };
}

/** `GET /api/station/{station}/history`: the plays given (newest first), all visible. */
export function publishedHistory(plays: readonly BuiltInPlay[]): PublishedHistory {
  return plays.map((play) => ({
    ...songHistory(play),
    listeners_start: 0,
    listeners_end: 0,
    delta_total: 0,
    is_visible: true,
  }));
}

/**
 * `GET /api/station/{station}/files`: the library, ids by position, the unique id the file's
 * library path (stable across scans; relative, like AzuraCast's).
 */
export function publishedFiles(tracks: readonly BuiltInLibraryTrack[]): PublishedFiles {
  const counts = { rotation: 0, requestOnly: 0 };
  for (const track of tracks) counts[track.requestOnly ? 'requestOnly' : 'rotation'] += 1;
  return tracks.map((track, index) => {
    const text = songText(track.artist, track.title);
    const playlist = track.requestOnly ? 'requestOnly' : 'rotation';
    return {
      id: index + 1,
      unique_id: track.path,
      song_id: md5(text.toLowerCase()),
      art: '',
      path: track.path,
      mtime: track.modifiedAt,
      uploaded_at: track.modifiedAt,
      art_updated_at: 0,
      length: Math.round(track.duration),
      length_text: lengthText(track.duration),
      custom_fields: {},
      extra_metadata: {},
      playlists: [{ ...builtInPlaylists[playlist], count: counts[playlist] }],
      text,
      artist: track.artist,
      title: track.title,
      album: track.album,
      genre: track.genre,
      isrc: null,
      lyrics: null,
    };
  });
}

export const publishedRequestsSchema = z.array(
  z.object({ request_id: z.string(), request_url: z.string(), song: publishedSongSchema }),
);
export type PublishedRequests = z.infer<typeof publishedRequestsSchema>;

/**
 * `GET /api/station/{station}/requests`: every track of both folders is requestable; the request
 * id is the file's library path, as its unique id.
 */
export function publishedRequests(tracks: readonly BuiltInLibraryTrack[]): PublishedRequests {
  return tracks.map((track) => ({
    request_id: track.path,
    request_url: `/api/station/${BUILT_IN_STATION_ID}/request/${encodeURIComponent(track.path)}`,
    song: song(track),
  }));
}

function lengthText(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** AzuraCast-style shortcode: "Radio Lokaal" → "radio_lokaal". */
function shortcodeOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'station'
  );
}

/** One entry of the built-in station's automation queue, in playing order. */
export interface BuiltInQueueEntry {
  /** Unix seconds when it was queued. */
  cuedAt: number;
  artist: string;
  title: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  isRequest: boolean;
  /** Already handed to Liquidsoap. */
  sentToAutodj: boolean;
  /** What Liquidsoap plays. */
  uri: string;
}

/** `GET /api/station/{station}/queue`: the automation queue, next first. */
export function publishedQueue(entries: readonly BuiltInQueueEntry[]): PublishedQueue {
  return entries.map((entry) => ({
    cued_at: entry.cuedAt,
    played_at: null,
    duration: Math.round(entry.duration),
    playlist: '',
    is_request: entry.isRequest,
    song: song({ artist: entry.artist, title: entry.title, album: '' }),
    sent_to_autodj: entry.sentToAutodj,
    is_played: false,
    autodj_custom_uri: entry.uri,
    log: null,
  }));
}
