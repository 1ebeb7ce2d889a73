import { z } from 'zod';

const DATE_MESSAGE = 'Ongeldige datum: gebruik JJJJ-MM-DD';
const HOUR_MESSAGE = 'Ongeldig uur: gebruik 0 tot en met 23 of "all"';

/** A calendar day in the station's time zone, YYYY-MM-DD. */
export const stationDateSchema = z.iso.date({ message: DATE_MESSAGE });

/** GET /api/playlist/available-dates: the last 30 station days that have plays, today first. */
export const availableDateSchema = z.object({
  value: z.string(),
  /** Dutch, e.g. "vrijdag 21 november". */
  label: z.string(),
  isToday: z.boolean(),
  trackCount: z.number().int(),
});
export type AvailableDate = z.infer<typeof availableDateSchema>;

/**
 * One hour of a station day. A day lists every hour its clock shows: 24, or 23 on the day the
 * clocks go forward (no "02:00" in Europe/Amsterdam). On the day they go back, "02:00" happens
 * twice and its count (and its playlist) holds both. The counts add up to the day's total.
 * A day without any play lists no hours.
 */
export const availableHourSchema = z.object({
  /** The hour as a string, "0" to "23". */
  value: z.string(),
  /** "HH:00". */
  label: z.string(),
  trackCount: z.number().int(),
});
export type AvailableHour = z.infer<typeof availableHourSchema>;

export const availableHoursQuerySchema = z.object({
  date: stationDateSchema,
});

export const playlistQuerySchema = z.object({
  date: stationDateSchema,
  /** "all" or an hour of the station's clock, "0" to "23" (a leading zero is fine). */
  hour: z.union(
    [
      z.literal('all'),
      z
        .string()
        .regex(/^(?:[01]?\d|2[0-3])$/)
        .transform(Number),
    ],
    { message: HOUR_MESSAGE },
  ),
});

export const playlistItemSchema = z.object({
  /** The play's id in the archive (unique across station sources). */
  sh_id: z.number().int(),
  /** Unix seconds. */
  played_at: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  song: z.object({ title: z.string(), artist: z.string(), album: z.string().nullable() }),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

/**
 * GET /api/playlist: the plays of one station hour or day, newest first: a listener looking up
 * "what was that song?" finds the latest plays at the top (the repeated "02:00" of the day the
 * clocks go back lists its second pass above its first).
 */
export const playlistResponseSchema = z.object({
  total: z.number().int(),
  items: z.array(playlistItemSchema),
});
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;
