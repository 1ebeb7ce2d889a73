import { Readable } from 'node:stream';
import { z } from 'zod';
import { PLAY_HISTORY_EXPORT_PATH, playHistoryExportQuerySchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { PlayHistoryRepository } from '../archive/play-history-repository.ts';
import { stationDateOf } from '../archive/station-calendar.ts';
import {
  EXPORT_BATCH_SIZE,
  exportFileName,
  playHistoryCsv,
  type ReadPlays,
} from '../export/play-history-csv.ts';

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
        const readPlays: ReadPlays = (after, limit) => plays.monthPlaysAfter(month, after, limit);
        const firstBatch = await readPlays(null, EXPORT_BATCH_SIZE);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(month)}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(playHistoryCsv(firstBatch, readPlays)));
      },
    );
  };
}
