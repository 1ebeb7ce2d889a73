import { z } from 'zod';

const MONTH_MESSAGE = 'Ongeldige maand: gebruik JJJJ-MM';

/**
 * A month of the station's calendar, YYYY-MM. Years before 1970 are refused with the same
 * message: the play history cannot hold them, and year 0 would make Postgres fail.
 */
export const stationMonthSchema = z
  .string({ message: MONTH_MESSAGE })
  .regex(/^(?:19[7-9]\d|[2-9]\d{3})-(?:0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE });

/**
 * GET /api/admin/play-history.csv: one month of plays as CSV (admins only). Without `month`,
 * the current month on the station's clock. The answer is `text/csv` (UTF-8 with a BOM), with
 * the columns datum, tijd, artiest, titel, album, duur_seconden.
 */
export const playHistoryExportQuerySchema = z.object({
  month: stationMonthSchema.optional(),
});
export type PlayHistoryExportQuery = z.infer<typeof playHistoryExportQuerySchema>;

export const PLAY_HISTORY_EXPORT_PATH = '/api/admin/play-history.csv';
