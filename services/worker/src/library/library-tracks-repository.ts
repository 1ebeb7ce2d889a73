import { sql } from 'kysely';
import type { Db } from '@radio/db';
import type { LibraryTrack } from '@radio/station';

/**
 * Rows per statement. The rows travel as one array per column (unnest), so a statement has
 * eight parameters whatever its size, and 200,000 tracks are 40 statements.
 */
const ROWS_PER_UPSERT = 5000;

/** One track to index: what the station adapter reads, or a file the worker put in the library. */
export type IndexedTrack = LibraryTrack;

/** The worker owns library_tracks: the active source's library as last scanned. */
export class LibraryTracksRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Inserts or updates the tracks of `source` (the station source's key, as in play_history), by
   * media id. Each one counts as seen at `seenAt` and is no longer gone. Returns how many rows
   * were written.
   */
  async upsert(
    source: string,
    tracks: readonly IndexedTrack[],
    seenAt: Date = new Date(),
  ): Promise<number> {
    let written = 0;
    for (let start = 0; start < tracks.length; start += ROWS_PER_UPSERT) {
      const batch = uniqueByMediaId(tracks.slice(start, start + ROWS_PER_UPSERT));
      const column = <T>(pick: (track: IndexedTrack) => T): T[] => batch.map(pick);
      const result = await sql`
        insert into library_tracks
          (source, media_id, request_id, path, title, artist, album, duration, requestable,
           seen_at, gone_at, updated_at)
        select ${source}, t.media_id, t.request_id, t.path, t.title, t.artist, t.album,
               t.duration, t.requestable, ${seenAt}::timestamptz, null, now()
        from unnest(
          ${column((t) => t.mediaId)}::text[], ${column((t) => t.requestId)}::text[],
          ${column((t) => t.path)}::text[], ${column((t) => t.title)}::text[],
          ${column((t) => t.artist)}::text[], ${column((t) => t.album ?? '')}::text[],
          ${column((t) => Math.max(0, Math.round(t.duration)))}::int[],
          ${column((t) => t.requestable)}::boolean[]
        ) as t(media_id, request_id, path, title, artist, album, duration, requestable)
        on conflict (source, media_id) do update set
          request_id = excluded.request_id, path = excluded.path, title = excluded.title,
          artist = excluded.artist, album = excluded.album, duration = excluded.duration,
          requestable = excluded.requestable, seen_at = excluded.seen_at, gone_at = null,
          updated_at = case
            when (library_tracks.request_id, library_tracks.path, library_tracks.title,
                  library_tracks.artist, library_tracks.album, library_tracks.duration,
                  library_tracks.requestable, library_tracks.gone_at)
              is not distinct from
                 (excluded.request_id, excluded.path, excluded.title, excluded.artist,
                  excluded.album, excluded.duration, excluded.requestable, null::timestamptz)
            then library_tracks.updated_at else now() end
      `.execute(this.#db);
      written += Number(result.numAffectedRows ?? 0);
    }
    return written;
  }

  /**
   * Marks gone the tracks of `source` that no scan has seen since `seenBefore` (the start of the
   * scan that just listed the whole library). Rows stay: requests keep their link. Returns how
   * many became gone.
   */
  async markGone(source: string, seenBefore: Date, now: Date = new Date()): Promise<number> {
    const result = await this.#db
      .updateTable('libraryTracks')
      .set({ goneAt: now, updatedAt: now })
      .where('source', '=', source)
      .where('goneAt', 'is', null)
      .where('seenAt', '<', seenBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** Postgres refuses to update one row twice in a statement: the last listing of a file wins. */
function uniqueByMediaId(tracks: readonly IndexedTrack[]): IndexedTrack[] {
  const byId = new Map<string, IndexedTrack>();
  for (const track of tracks) byId.set(track.mediaId, track);
  return [...byId.values()];
}
