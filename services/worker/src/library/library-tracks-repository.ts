import { sql } from 'kysely';
import type { Db } from '@radio/db';
import type { LibraryTrack } from '@radio/station';
import type { MediaIdFilter } from './library-groups.ts';

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
   * media id; a gone one is back. Only rows that are new, changed or back are written (their
   * `seen_at` becomes `seenAt`): a rescan of an unchanged library writes nothing. Returns how
   * many rows were written.
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
          updated_at = now()
        where (library_tracks.request_id, library_tracks.path, library_tracks.title,
               library_tracks.artist, library_tracks.album, library_tracks.duration,
               library_tracks.requestable, library_tracks.gone_at)
          is distinct from
              (excluded.request_id, excluded.path, excluded.title, excluded.artist,
               excluded.album, excluded.duration, excluded.requestable, null::timestamptz)
      `.execute(this.#db);
      written += Number(result.numAffectedRows ?? 0);
    }
    return written;
  }

  /**
   * After a scan that listed the whole library of `source`: marks gone its tracks that the scan
   * did not list (`present`, their media ids), except those in `keep`. A track written since the
   * scan started (`scanStartedAt`, e.g. a file the worker just added) is never marked. Rows stay:
   * requests keep their link. Returns how many became gone.
   */
  async markGone(
    source: string,
    present: readonly string[],
    scanStartedAt: Date,
    now: Date = new Date(),
    keep: readonly MediaIdFilter[] = [],
  ): Promise<number> {
    // `= any` of a constant array is a hash lookup (Postgres 14+); an anti-join against
    // unnest() is planned as a nested loop (it guesses 100 rows): 200,000² comparisons.
    const result = await sql`
      update library_tracks set gone_at = ${now}, updated_at = ${now}
      where source = ${source} and gone_at is null and seen_at < ${scanStartedAt}
        and not (media_id = any(${present}::text[]))
        ${sql.join(
          keep.map((filter) => sql`and not ${matching(filter)}`),
          sql` `,
        )}
    `.execute(this.#db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** How many tracks of `source` in `filter` are not gone. */
  async countLive(source: string, filter: MediaIdFilter): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from library_tracks
      where source = ${source} and gone_at is null and ${matching(filter)}
    `.execute(this.#db);
    return result.rows[0]?.count ?? 0;
  }
}

/** SQL of library-groups.ts isInFilter. */
const matching = (filter: MediaIdFilter) =>
  sql`(starts_with(media_id, ${filter.prefix}) = ${filter.startsWith})`;

/** Postgres refuses to update one row twice in a statement: the last listing of a file wins. */
function uniqueByMediaId(tracks: readonly IndexedTrack[]): IndexedTrack[] {
  const byId = new Map<string, IndexedTrack>();
  for (const track of tracks) byId.set(track.mediaId, track);
  return [...byId.values()];
}
