import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  LibraryTrackRow,
  RequestStatus,
  SongRequestRow,
  SongRequestsTable,
} from '@radio/db';

/** Pending and approved requests are still waiting to be played. */
export const WAITING_STATUSES: RequestStatus[] = ['pending', 'approved'];

export interface CandidateKey {
  title: string;
  artist: string;
  libraryTrackId: number | null;
  deezerId: string | null;
}

/** What the rules need to know of one candidate track, from plays and waiting requests. */
export interface CandidateFacts {
  /** Last play of this track (title + artist, accent-folded) since the track window's start. */
  trackPlayedAt: Date | null;
  /** Last play of the artist since the artist window's start. */
  artistPlayedAt: Date | null;
  /** A waiting request of this very track. */
  trackWaiting: boolean;
  /** The first such request. */
  waitingRequestId: number | null;
  /** A waiting request of another track of this artist. */
  artistWaiting: boolean;
}

export interface UserRequestCounts {
  lastHour: number;
  /** The oldest request of the last hour (it leaves the window first). */
  oldestInHour: Date | null;
  lastDay: number;
  oldestInDay: Date | null;
}

export interface WaitingCount {
  count: number;
  /** The waiting requests' ids. */
  ids: number[];
}

export type NewSongRequest = Omit<
  Insertable<SongRequestsTable>,
  'id' | 'reviewedBy' | 'reviewedAt' | 'playedAt'
>;

export type RequestRow = SongRequestRow;

export interface RequestListFilter {
  status?: RequestStatus;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

type Executor = Kysely<Database>;

/** song_requests (owned by the requests service) and what the rules read around it. */
export class RequestsRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * Runs `work` in a transaction that first takes the advisory locks of `lockKeys` (sorted, so
   * two transactions never wait on each other crosswise); they are released at its end.
   */
  transaction<T>(lockKeys: string[], work: (repository: RequestsRepository) => Promise<T>) {
    return this.#db.transaction().execute(async (trx) => {
      // One statement; the keys are taken in the array's (sorted) order.
      const keys = [...new Set(lockKeys)].sort();
      await sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${keys}::text[]) as k`.execute(
        trx,
      );
      return work(new RequestsRepository(trx));
    });
  }

  get executor(): Executor {
    return this.#db;
  }

  findLibraryTrack(id: number): Promise<LibraryTrackRow | undefined> {
    return this.#db
      .selectFrom('libraryTracks')
      .selectAll()
      .where('id', '=', String(id))
      .where('goneAt', 'is', null)
      .executeTakeFirst();
  }

  findLibraryTrackByPath(path: string): Promise<LibraryTrackRow | undefined> {
    return this.#db
      .selectFrom('libraryTracks')
      .selectAll()
      .where('path', '=', path)
      .where('goneAt', 'is', null)
      .orderBy('seenAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The facts of many candidates in one query: their last plays in play_history and their waiting
   * requests, matched accent- and case-insensitively on title and artist (and on the library or
   * Deezer id for requests).
   */
  async candidateFacts(
    candidates: CandidateKey[],
    trackFrom: Date,
    artistFrom: Date,
  ): Promise<CandidateFacts[]> {
    if (candidates.length === 0) return [];
    const titles = candidates.map((c) => c.title);
    const artists = candidates.map((c) => c.artist);
    const libraryIds = candidates.map((c) =>
      c.libraryTrackId === null ? null : String(c.libraryTrackId),
    );
    const deezerIds = candidates.map((c) => c.deezerId);
    const waiting = sql.join(WAITING_STATUSES.map((status) => sql.lit(status)));
    const { rows } = await sql<{
      idx: string;
      trackPlayedAt: Date | null;
      artistPlayedAt: Date | null;
      trackWaiting: boolean;
      waitingRequestId: number | null;
      artistWaiting: boolean;
    }>`
      with c as (
        select u.idx, library_fold(u.title) as title, library_fold(u.artist) as artist,
               u.library_track_id, u.deezer_id
        from unnest(${titles}::text[], ${artists}::text[], ${libraryIds}::bigint[], ${deezerIds}::text[])
          with ordinality as u(title, artist, library_track_id, deezer_id, idx)
      ),
      -- Each play and waiting request is folded once, then matched by equality (hash joins).
      ph as materialized (
        select library_fold(p.title) as title, library_fold(p.artist) as artist,
               max(p.played_at) as played_at
        from play_history p where p.played_at >= least(${trackFrom}::timestamptz, ${artistFrom}::timestamptz)
        group by 1, 2
      ),
      w as materialized (
        select r.id, library_fold(r.title) as title, library_fold(r.artist) as artist,
               r.library_track_id, r.deezer_track_id
        from song_requests r where r.status in (${waiting})
      ),
      plays as (
        select c.idx,
          max(ph.played_at) filter (where ph.title = c.title and ph.played_at >= ${trackFrom}) as track_played_at,
          max(ph.played_at) filter (where c.artist <> '' and ph.played_at >= ${artistFrom}) as artist_played_at
        from c join ph on ph.artist = c.artist
        group by c.idx
      ),
      waits as (
        select c.idx,
          bool_or(w.library_track_id = c.library_track_id or w.deezer_track_id = c.deezer_id
            or (w.title = c.title and w.artist = c.artist)) as track_waiting,
          min(w.id) filter (where w.library_track_id = c.library_track_id
            or w.deezer_track_id = c.deezer_id
            or (w.title = c.title and w.artist = c.artist)) as waiting_request_id,
          bool_or(c.artist <> '' and w.artist = c.artist) as artist_waiting
        from c join w on w.artist = c.artist or w.library_track_id = c.library_track_id
          or w.deezer_track_id = c.deezer_id
        group by c.idx
      )
      select c.idx, plays.track_played_at, plays.artist_played_at,
        coalesce(waits.track_waiting, false) as track_waiting, waits.waiting_request_id,
        coalesce(waits.artist_waiting, false) as artist_waiting
      from c left join plays on plays.idx = c.idx left join waits on waits.idx = c.idx
      order by c.idx
    `.execute(this.#db);
    return rows.map(({ idx: _idx, ...facts }) => facts);
  }

  async userCounts(userId: number, hourFrom: Date, dayFrom: Date): Promise<UserRequestCounts> {
    const row = await this.#db
      .selectFrom('songRequests')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('requestedAt', '>', hourFrom).as('lastHour'),
        eb.fn.min('requestedAt').filterWhere('requestedAt', '>', hourFrom).as('oldestInHour'),
        eb.fn.countAll<string>().as('lastDay'),
        eb.fn.min('requestedAt').as('oldestInDay'),
      ])
      .where('userId', '=', userId)
      .where('requestedAt', '>', dayFrom < hourFrom ? dayFrom : hourFrom)
      .where('status', '<>', 'rejected')
      .executeTakeFirstOrThrow();
    return {
      lastHour: Number(row.lastHour),
      oldestInHour: row.oldestInHour as Date | null,
      lastDay: Number(row.lastDay),
      oldestInDay: row.oldestInDay as Date | null,
    };
  }

  async waitingBy(
    column: 'browserFingerprint' | 'requesterIp',
    value: string,
  ): Promise<WaitingCount> {
    const rows = await this.#db
      .selectFrom('songRequests')
      .select('id')
      .where(column, '=', value)
      .where('status', 'in', WAITING_STATUSES)
      .execute();
    return { count: rows.length, ids: rows.map((row) => row.id) };
  }

  /** The user's request of this track since `since` that is not rejected: a retried submit. */
  findRecentOfUser(
    userId: number,
    track: { libraryTrackId: number | null; deezerId: string | null },
    since: Date,
  ): Promise<RequestRow | undefined> {
    return this.#db
      .selectFrom('songRequests')
      .selectAll()
      .where('userId', '=', userId)
      .where('requestedAt', '>=', since)
      .where('status', '<>', 'rejected')
      .where((eb) =>
        track.libraryTrackId !== null
          ? eb('libraryTrackId', '=', String(track.libraryTrackId))
          : eb('deezerTrackId', '=', track.deezerId ?? ''),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  insert(request: NewSongRequest): Promise<RequestRow> {
    return this.#db
      .insertInto('songRequests')
      .values(request)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Locks the row for this transaction. */
  findForUpdate(id: number): Promise<RequestRow | undefined> {
    return this.#db
      .selectFrom('songRequests')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  update(
    id: number,
    changes: Partial<
      Pick<Selectable<SongRequestsTable>, 'status' | 'reviewedBy' | 'reviewedAt' | 'playedAt'>
    >,
  ): Promise<RequestRow> {
    return this.#db
      .updateTable('songRequests')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Waiting requests, oldest first. */
  waiting(): Promise<RequestRow[]> {
    return this.#db
      .selectFrom('songRequests')
      .selectAll()
      .where('status', 'in', WAITING_STATUSES)
      .orderBy('requestedAt')
      .orderBy('id')
      .execute();
  }

  /** Played since `since`, newest first. */
  playedSince(since: Date): Promise<RequestRow[]> {
    return this.#db
      .selectFrom('songRequests')
      .selectAll()
      .where('status', '=', 'played')
      .where('playedAt', '>=', since)
      .orderBy('playedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async list(filter: RequestListFilter): Promise<{ rows: RequestRow[]; total: number }> {
    let query = this.#db.selectFrom('songRequests');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('requestedAt', '>=', filter.from);
    if (filter.to) query = query.where('requestedAt', '<=', filter.to);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('requestedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
