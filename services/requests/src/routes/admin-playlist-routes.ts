import {
  type AdminPlaylistResponse,
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
        const moved = await playlist.move(machine, fromPosition, toPosition, { entryId, version });
        await request.server.adminAudit.record(request, {
          action: 'playlist.move',
          target: entryLabel(moved, toPosition),
          before: { position: fromPosition },
          after: { position: toPosition },
        });
        return moved;
      },
    );

    app.post(
      '/api/admin/playlist/insert',
      { config: { access }, schema: { body: adminPlaylistInsertBodySchema, response } },
      async (request) => {
        const { machine, filename, position, version } = request.body;
        const inserted = await playlist.insert(machine, filename, position, { version });
        await request.server.adminAudit.record(request, {
          action: 'playlist.insert',
          target: entryLabel(inserted, position, filename),
          before: { position: null },
          after: { position },
        });
        return inserted;
      },
    );
  };
}

/** "artist – title" of the entry now at `position` (what was moved or inserted). */
function entryLabel(playlist: AdminPlaylistResponse, position: number, fallback = ''): string {
  const entry = playlist.entries.find((shown) => shown.position === position);
  if (!entry) return fallback;
  return [entry.artist, entry.title].filter((part) => part !== '').join(' – ') || fallback;
}
