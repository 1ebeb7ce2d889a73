import { sql } from 'kysely';
import type { Db, LibraryTrackRow } from '@radio/db';
import { PREPARED } from '@radio/db';
import { executorOf, type Tx } from '../db/transactions-repository.ts';
import { WAITING_STATUSES } from './requests-repository.ts';

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
  /** The first such request: who asked for it, when. */
  waitingRequest: { id: number; userId: number | null; requestedAt: Date } | null;
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

/** The ids of the requests still waiting to be played. */
export type WaitingIds = number[];

/** What the rate and waiting limits look at, for one requester and their browser and address. */
export interface LimitFacts extends UserRequestCounts {
  browserWaiting: WaitingIds;
  ipWaiting: WaitingIds;
}

/**
 * What the judge reads of a request before it is written: the library track, the plays and
 * waiting requests around a track, the requester's counts, their voice message.
 */
export class RequestFactsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findLibraryTrack(id: number, trx?: Tx): Promise<LibraryTrackRow | undefined> {
    return executorOf(this.#db, trx)
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
    const { rows } = await sql<CandidateFactsRow>`${sql.raw(PREPARED)}
      ${candidateFactsQuery(candidates, trackFrom, artistFrom)}
    `.execute(this.#db);
    return rows.map(candidateFactsOf);
  }

  /** The requester's limit facts and the `candidateFacts` of one track in one query (a submit). */
  async submitFacts(
    limits: { userId: number; windows: LimitWindows; client: LimitClient },
    candidate: CandidateKey,
    trackFrom: Date,
    artistFrom: Date,
    trx?: Tx,
  ): Promise<{ limits: LimitFacts; candidate: CandidateFacts }> {
    const { rows } = await sql<LimitFacts & CandidateFactsRow>`${sql.raw(PREPARED)}
      select * from (${limitFactsQuery(limits.userId, limits.windows, limits.client)}) l,
        (${candidateFactsQuery([candidate], trackFrom, artistFrom)}) f
    `.execute(executorOf(this.#db, trx));
    const row = rows[0];
    if (!row) throw new Error('submit facts: no row');
    const { lastHour, oldestInHour, lastDay, oldestInDay, browserWaiting, ipWaiting, ...facts } =
      row;
    return {
      limits: { lastHour, oldestInHour, lastDay, oldestInDay, browserWaiting, ipWaiting },
      candidate: candidateFactsOf(facts),
    };
  }

  /**
   * The user's voice message stored under `objectKey` since `since` that no request names yet
   * (voice_messages is the uploads service's: read and held, never written here). Held until the
   * transaction ends, so the worker's clean-up passes it by; the requester's lock (it is their own)
   * keeps a second request from taking it meanwhile: once this one is inserted, it names it.
   */
  findUsableVoiceMessage(
    trx: Tx,
    userId: number,
    objectKey: string,
    voicetrackUrl: string,
    since: Date,
  ): Promise<{ id: number } | undefined> {
    return executorOf(this.#db, trx)
      .selectFrom('voiceMessages')
      .select('id')
      .where('objectKey', '=', objectKey)
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('songRequests').select('id').where('voicetrackUrl', '=', voicetrackUrl),
          ),
        ),
      )
      .forShare()
      .executeTakeFirst();
  }
}

export type LimitWindows = { hourFrom: Date; dayFrom: Date };
export type LimitClient = { browserFingerprint: string | null; ip: string | null };

interface CandidateFactsRow {
  idx: string;
  trackPlayedAt: Date | null;
  artistPlayedAt: Date | null;
  trackWaiting: boolean;
  waitingRequest: { id: number; userId: number | null; requestedAt: string } | null;
  artistWaiting: boolean;
}

const candidateFactsOf = ({ idx: _idx, waitingRequest, ...facts }: CandidateFactsRow) => ({
  ...facts,
  waitingRequest: waitingRequest && {
    ...waitingRequest,
    requestedAt: new Date(waitingRequest.requestedAt),
  },
});

const WAITING = sql.join(WAITING_STATUSES.map((status) => sql.lit(status)));

/**
 * The facts of many candidates, a row each in their order: their last plays in play_history and
 * their waiting requests, matched accent- and case-insensitively on title and artist (and on the
 * library or Deezer id for requests).
 */
function candidateFactsQuery(candidates: CandidateKey[], trackFrom: Date, artistFrom: Date) {
  const titles = candidates.map((c) => c.title);
  const artists = candidates.map((c) => c.artist);
  const libraryIds = candidates.map((c) =>
    c.libraryTrackId === null ? null : String(c.libraryTrackId),
  );
  const deezerIds = candidates.map((c) => c.deezerId);
  return sql`
      with c as (
        select u.idx, library_fold(u.title) as title, library_fold(u.artist) as artist,
               u.library_track_id, u.deezer_id
        from unnest(${titles}::text[], ${artists}::text[], ${libraryIds}::bigint[], ${deezerIds}::text[])
          with ordinality as u(title, artist, library_track_id, deezer_id, idx)
      ),
      -- Each recent play is folded once, then matched by equality (hash joins). A request the
      -- station reported as started is a play at once; play_history has it only after the
      -- worker's next now-playing poll, and in between the song must not be requestable again.
      ph as materialized (
        select title, artist, max(played_at) as played_at from (
          select library_fold(p.title) as title, library_fold(p.artist) as artist, p.played_at
          from play_history p where p.played_at >= least(${trackFrom}::timestamptz, ${artistFrom}::timestamptz)
          union all
          select r.search_title, r.search_artist, r.played_at
          from song_requests r
          where r.status = 'played'
            and r.played_at >= least(${trackFrom}::timestamptz, ${artistFrom}::timestamptz)
        ) recent
        group by 1, 2
      ),
      -- Only the waiting requests of these artists or tracks, through the partial indexes.
      w as materialized (
        select r.id, r.user_id, r.requested_at, r.search_title as title, r.search_artist as artist,
               r.library_track_id, r.deezer_track_id
        from song_requests r
        where r.status in (${WAITING})
          and (r.search_artist = any(array(select artist from c))
            or r.library_track_id = any(array(select library_track_id from c))
            or r.deezer_track_id = any(array(select deezer_id from c)))
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
          (array_agg(json_build_object('id', w.id, 'userId', w.user_id, 'requestedAt', w.requested_at)
             order by w.id) filter (where w.library_track_id = c.library_track_id
            or w.deezer_track_id = c.deezer_id
            or (w.title = c.title and w.artist = c.artist)))[1] as waiting_request,
          bool_or(c.artist <> '' and w.artist = c.artist) as artist_waiting
        from c join w on w.artist = c.artist or w.library_track_id = c.library_track_id
          or w.deezer_track_id = c.deezer_id
        group by c.idx
      )
      select c.idx, plays.track_played_at, plays.artist_played_at,
        waits.waiting_request is not null as track_waiting, waits.waiting_request,
        coalesce(waits.artist_waiting, false) as artist_waiting
      from c left join plays on plays.idx = c.idx left join waits on waits.idx = c.idx
      order by c.idx
  `;
}

/**
 * The user's requests (not rejected) since `hourFrom` and since `dayFrom`, and the waiting
 * requests of this browser and of this address: one row.
 */
function limitFactsQuery(userId: number, windows: LimitWindows, client: LimitClient) {
  const { hourFrom, dayFrom } = windows;
  return sql`
      with mine as (
        select requested_at from song_requests
        where user_id = ${userId} and status <> 'rejected'
          and requested_at > least(${hourFrom}::timestamptz, ${dayFrom}::timestamptz)
      )
      select
        (select count(*)::int from mine where requested_at > ${hourFrom}) as last_hour,
        (select min(requested_at) from mine where requested_at > ${hourFrom}) as oldest_in_hour,
        (select count(*)::int from mine where requested_at > ${dayFrom}) as last_day,
        (select min(requested_at) from mine where requested_at > ${dayFrom}) as oldest_in_day,
        array(select id from song_requests
              where browser_fingerprint = ${client.browserFingerprint} and status in (${WAITING})
              order by id) as browser_waiting,
        array(select id from song_requests
              where requester_ip = ${client.ip} and status in (${WAITING})
              order by id) as ip_waiting
  `;
}
