import { z } from 'zod';

const DATE_MESSAGE = 'Ongeldige datum: gebruik JJJJ-MM-DD';
const HOUR_MESSAGE = 'Ongeldig uur: gebruik 0 tot en met 23 of "all"';

/** A calendar day in the station's time zone, YYYY-MM-DD. */
export const stationDateSchema = z.iso.date({ message: DATE_MESSAGE });

export const availableDateSchema = z.object({
  value: z.string(),
  /** Dutch, e.g. "vrijdag 21 november". */
  label: z.string(),
  isToday: z.boolean(),
  trackCount: z.number().int(),
});
export type AvailableDate = z.infer<typeof availableDateSchema>;

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
  hour: z.union(
    [
      z.literal('all'),
      z.coerce
        .number({ message: HOUR_MESSAGE })
        .int({ message: HOUR_MESSAGE })
        .min(0, { message: HOUR_MESSAGE })
        .max(23, { message: HOUR_MESSAGE }),
    ],
    { message: HOUR_MESSAGE },
  ),
});

export const playlistItemSchema = z.object({
  sh_id: z.number().int(),
  /** Unix seconds. */
  played_at: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  song: z.object({ title: z.string(), artist: z.string(), album: z.string().nullable() }),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistResponseSchema = z.object({
  total: z.number().int(),
  items: z.array(playlistItemSchema),
});
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;
