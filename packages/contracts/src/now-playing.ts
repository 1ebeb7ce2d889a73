import { z } from 'zod';
import { SONG_HISTORY_LENGTH } from './limits.ts';

/** Song fields as the listener pages show them; empty names are shown as "Onbekende …". */
export const songSchema = z.object({
  artist: z.string(),
  title: z.string(),
  album: z.string().nullable(),
});
export type Song = z.infer<typeof songSchema>;

/**
 * GET /api/now-playing: the shape of spec section 3 (AzuraCast-style snake_case) plus what the
 * player needs. Times are unix seconds; elapsed/remaining are whole seconds at `generated_at`.
 */
export const nowPlayingResponseSchema = z.object({
  station: z.object({ name: z.string() }),
  is_live: z.boolean(),
  /**
   * True when this is the last good answer but not a current one: the station source missed
   * MISSED_POLLS_BEFORE_STALE polls, or no poll succeeded for that long (worker or Redis down).
   */
  is_stale: z.boolean(),
  now_playing: z
    .object({
      played_at: z.number().int(),
      /**
       * `played_at` in milliseconds (the built-in station's are exact; AzuraCast has whole
       * seconds): a page shows the song when the listener hears it, which whole seconds would
       * miss by up to one.
       */
      played_at_ms: z.number().int().optional(),
      duration: z.number().int(),
      elapsed: z.number().int(),
      remaining: z.number().int(),
      song: songSchema,
    })
    .nullable(),
  /** Newest first, at most SONG_HISTORY_LENGTH. */
  song_history: z.array(z.object({ played_at: z.number().int(), song: songSchema })),
  generated_at: z.number().int(),
});
export type NowPlayingResponse = z.infer<typeof nowPlayingResponseSchema>;

/** GET /api/station-info: public station facts for the player; never secrets. */
export const stationInfoSchema = z.object({
  name: z.string(),
  /** IANA zone of the archive's days and hours, and of the times the site shows. */
  timeZone: z.string(),
  /** Tried first; a path ("/stream/radio.mp3") is on the site itself. */
  streamUrl: z.string(),
  /** Tried when the first fails; '' when there is none. */
  streamFallbackUrl: z.string(),
  /** Player playlist files for desktop players. */
  playlistPlsUrl: z.string(),
  playlistM3uUrl: z.string(),
  radioDirectoryUrl: z.string(),
  studioContactUrl: z.string(),
});
export type StationInfo = z.infer<typeof stationInfoSchema>;

export { SONG_HISTORY_LENGTH };

/** A value the worker stored in Redis as JSON, or null when it is absent, not JSON or not `schema`. */
export function parseStoredJson<T>(
  schema: z.ZodType<T>,
  json: string | null | undefined,
): T | null {
  if (!json) return null;
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Redis key of the worker's now-playing snapshot, and the channel it is published on. */
export const NOW_PLAYING_KEY = 'now-playing:current';
export const NOW_PLAYING_CHANNEL = 'now-playing:updates';

/**
 * What the worker keeps in Redis under NOW_PLAYING_KEY and publishes on NOW_PLAYING_CHANNEL for
 * the playlist service: the last good answer of the station source. The playlist service
 * computes elapsed/remaining from `elapsed` at `observedAt` when it renders.
 */
export const nowPlayingSnapshotSchema = z.object({
  /** As the source names the station; '' when it does not. */
  stationName: z.string(),
  isLive: z.boolean(),
  /** The worker saw the source fail twice in a row (or none is configured) since `observedAt`. */
  isStale: z.boolean(),
  current: z
    .object({
      /** Unix seconds. */
      playedAt: z.number().int(),
      /** The same in unix milliseconds (whole seconds from AzuraCast, which has no more). */
      playedAtMs: z.number().int().optional(),
      /** Seconds; 0 when unknown. */
      duration: z.number().int().nonnegative(),
      /** Seconds into the song at `observedAt`. */
      elapsed: z.number().int().nonnegative(),
      song: songSchema,
    })
    .nullable(),
  /** Visible plays before the current one, newest first. */
  history: z
    .array(z.object({ playedAt: z.number().int(), song: songSchema }))
    .max(SONG_HISTORY_LENGTH),
  /** When the source gave this answer, unix milliseconds. */
  observedAt: z.number().int(),
  /** Listeners the source counted in this answer; null when it does not say. */
  listeners: z
    .object({ current: z.number().int().nonnegative(), unique: z.number().int().nonnegative() })
    .nullable()
    .default(null),
  /** The song the source says plays next (AzuraCast's `playing_next`); null when it does not say. */
  playingNext: z
    .object({ artist: z.string(), title: z.string(), duration: z.number().int().nonnegative() })
    .nullable()
    .default(null),
  /** How often the worker polls the source (INGEST_INTERVAL_SECONDS); its default when absent. */
  pollIntervalMs: z.number().int().positive().default(10_000),
});
export type NowPlayingSnapshot = z.infer<typeof nowPlayingSnapshotSchema>;

/** Redis key of the worker's ingestion health (how the last polls of the source went). */
export const NOW_PLAYING_HEALTH_KEY = 'now-playing:source-health';

/** What the worker keeps under NOW_PLAYING_HEALTH_KEY; shared by every worker copy. */
export const sourceHealthSchema = z.object({
  /** Key of the source followed last; null while none is configured. */
  source: z.string().nullable(),
  /** Failed polls in a row. */
  failures: z.number().int().nonnegative(),
  /** Unix ms of the first failure of this outage. */
  failingSince: z.number().int().nullable(),
  /** Unix ms before which the source is not asked again (back-off). */
  nextAttemptAt: z.number().int(),
});
export type SourceHealth = z.infer<typeof sourceHealthSchema>;

/** Polls in a row that may fail before now playing is shown as stale. */
export const MISSED_POLLS_BEFORE_STALE = 2;

/**
 * Unix ms after which a snapshot is stale even when no worker marked it (the worker or Redis is
 * down): MISSED_POLLS_BEFORE_STALE intervals, plus half of one, the longest a failing poll waits
 * for the source.
 */
export const staleAfterOf = (
  snapshot: Pick<NowPlayingSnapshot, 'observedAt' | 'pollIntervalMs'>,
): number => snapshot.observedAt + (MISSED_POLLS_BEFORE_STALE + 0.5) * snapshot.pollIntervalMs;
