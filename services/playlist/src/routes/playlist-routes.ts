import { z } from 'zod';
import {
  availableDateSchema,
  availableHourSchema,
  availableHoursQuerySchema,
  playlistQuerySchema,
  playlistResponseSchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { PlaylistArchive } from '../archive/playlist-archive.ts';

export function playlistRoutes(archive: PlaylistArchive): RoutePlugin {
  return async (app) => {
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
          querystring: availableHoursQuerySchema,
          response: { 200: z.array(availableHourSchema) },
        },
      },
      async (request) => archive.availableHours(request.query.date),
    );

    app.get(
      '/api/playlist',
      {
        config: { access: 'public' },
        schema: { querystring: playlistQuerySchema, response: { 200: playlistResponseSchema } },
      },
      async (request) => archive.playlist(request.query.date, request.query.hour),
    );
  };
}
