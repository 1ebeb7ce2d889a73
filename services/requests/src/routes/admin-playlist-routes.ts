import {
  adminPlaylistInsertBodySchema,
  adminPlaylistMoveBodySchema,
  adminPlaylistQuerySchema,
  adminPlaylistResponseSchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { AdminPlaylist } from '../queue/admin-playlist.ts';

/** The admin's playlist tab: the automation queue, its moves and inserts (all under its lock). */
export function adminPlaylistRoutes(playlist: AdminPlaylist): RoutePlugin {
  return async (app) => {
    const access = 'admin' as const;
    const response = { 200: adminPlaylistResponseSchema };

    app.get(
      '/api/admin/playlist',
      { config: { access }, schema: { querystring: adminPlaylistQuerySchema, response } },
      async (request) => playlist.get(request.query.machine),
    );

    app.post(
      '/api/admin/playlist/move',
      { config: { access }, schema: { body: adminPlaylistMoveBodySchema, response } },
      async (request) => {
        const { machine, fromPosition, toPosition, entryId, version } = request.body;
        return playlist.move(machine, fromPosition, toPosition, { entryId, version });
      },
    );

    app.post(
      '/api/admin/playlist/insert',
      { config: { access }, schema: { body: adminPlaylistInsertBodySchema, response } },
      async (request) => {
        const { machine, filename, position, version } = request.body;
        return playlist.insert(machine, filename, position, { version });
      },
    );
  };
}
