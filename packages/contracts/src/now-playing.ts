import { z } from 'zod';

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
  /** True while the station source is unreachable and this is the last good answer. */
  is_stale: z.boolean(),
  now_playing: z
    .object({
      played_at: z.number().int(),
      duration: z.number().int(),
      elapsed: z.number().int(),
      remaining: z.number().int(),
      song: songSchema,
    })
    .nullable(),
  song_history: z.array(z.object({ played_at: z.number().int(), song: songSchema })),
  generated_at: z.number().int(),
});
export type NowPlayingResponse = z.infer<typeof nowPlayingResponseSchema>;

/** GET /api/station-info: public station facts for the player; never secrets. */
export const stationInfoSchema = z.object({
  name: z.string(),
  /** Tried first (https). */
  streamUrl: z.string(),
  /** Tried when the first fails (http). */
  streamFallbackUrl: z.string(),
  /** Player playlist files for desktop players. */
  playlistPlsUrl: z.string(),
  playlistM3uUrl: z.string(),
  radioDirectoryUrl: z.string(),
  studioContactUrl: z.string(),
});
export type StationInfo = z.infer<typeof stationInfoSchema>;
