import { z } from 'zod';
import {
  availableDateSchema,
  availableHourSchema,
  availableHoursQuerySchema,
  playlistQuerySchema,
  playlistResponseSchema,
  stationDateSchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { PlaylistArchive } from '../archive/playlist-archive.ts';

/**
 * The archive changes once a song (minutes), so its answers may be reused for a few seconds:
 * by the gateway (X-Accel-Expires, never passed on to browsers) and by the browser.
 */
const ARCHIVE_CACHE_SECONDS = '10';

/**
 * Days the archive can hold. A valid ISO date outside them (0000-01-01) would make Postgres
 * fail; it is a bad date to the listener, not a server error.
 */
const archiveDate = stationDateSchema.refine(
  (date) => date >= '1970-01-01' && date <= '9999-12-31',
  { message: 'Ongeldige datum: gebruik JJJJ-MM-DD' },
);
const hoursQuery = availableHoursQuerySchema.extend({ date: archiveDate });
const playlistQuery = playlistQuerySchema.extend({ date: archiveDate });

export function playlistRoutes(archive: PlaylistArchive): RoutePlugin {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode !== 200) return;
      reply
        .header('cache-control', `public, max-age=${ARCHIVE_CACHE_SECONDS}`)
        .header('x-accel-expires', ARCHIVE_CACHE_SECONDS);
    });

    app.get(
      '/api/playlist/available-dates',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.array(availableDateSchema) } },
      },
      async () => archive.availableDates(new Date()),
    );

    app.get(
      '/api/playlist/available-hours',
      {
        config: { access: 'public' },
        schema: {
          querystring: hoursQuery,
          response: { 200: z.array(availableHourSchema) },
        },
      },
      async (request) => archive.availableHours(request.query.date),
    );

    app.get(
      '/api/playlist',
      {
        config: { access: 'public' },
        schema: { querystring: playlistQuery, response: { 200: playlistResponseSchema } },
      },
      async (request) => archive.playlist(request.query.date, request.query.hour),
    );
  };
}
