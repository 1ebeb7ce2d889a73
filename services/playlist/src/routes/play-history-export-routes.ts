import { Readable } from 'node:stream';
import { z } from 'zod';
import { PLAY_HISTORY_EXPORT_PATH, playHistoryExportQuerySchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { PlayHistoryRepository } from '../archive/play-history-repository.ts';
import { stationDateOf } from '../archive/station-calendar.ts';
import { daysOfMonth, exportFileName, playHistoryCsv } from '../export/play-history-csv.ts';

/** The play-history export for royalty reporting: a station month of plays as CSV. */
export function playHistoryExportRoutes(
  plays: PlayHistoryRepository,
  timeZone: string,
): RoutePlugin {
  return async (app) => {
    app.get(
      PLAY_HISTORY_EXPORT_PATH,
      {
        config: { access: 'admin' },
        // The body is a CSV stream, not JSON: nothing to serialize.
        schema: { querystring: playHistoryExportQuerySchema, response: { 200: z.unknown() } },
      },
      async (request, reply) => {
        const month = request.query.month ?? stationDateOf(new Date(), timeZone).slice(0, 7);
        const [firstDay = `${month}-01`, ...otherDays] = daysOfMonth(month);
        const readDay = (date: string) => plays.dayPlaysForExport(date);
        const firstPlays = await readDay(firstDay);
        const csv = playHistoryCsv(firstPlays, otherDays, readDay);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${exportFileName(month)}"`)
            .header('cache-control', 'no-store')
            // Not object mode: the stream then reads about one day ahead of the socket, not 16.
            .send(Readable.from(csv, { objectMode: false }))
        );
      },
    );
  };
}
