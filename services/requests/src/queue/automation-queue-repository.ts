import { sql } from 'kysely';
import type { AutomationEntryKind, AutomationQueueRow, Db } from '@radio/db';
import { executorOf, type Tx } from '../db/transactions-repository.ts';

/**
 * Liquidsoap asks for the next entry shortly before the current song ends and reports it when it
 * starts; an entry not started this long after it was handed out never will be.
 */
export const HAND_OUT_LOST_MS = 30 * 60_000;

export interface QueueEntry extends AutomationQueueRow {
  /** The requester of a request's entries (null for manual entries or a deleted user). */
  userId: number | null;
}

export type PlacedEntry = Pick<
  QueueEntry,
  'id' | 'kind' | 'requestId' | 'position' | 'userId' | 'duration'
> & { handedOut: boolean };

export interface NewQueueEntry {
  machine: number;
  position: number;
  kind: AutomationEntryKind;
  requestId: number | null;
  title: string;
  artist: string;
  uri: string;
  duration: number;
}

/** An approved request that may air but has no queue entry yet. */
export interface UnqueuedRequest {
  id: number;
  userId: number | null;
  title: string;
  artist: string;
  duration: number;
  path: string;
  voicetrackUrl: string | null;
}

export type ListedEntry = Pick<
  AutomationQueueRow,
  'id' | 'kind' | 'requestId' | 'title' | 'artist' | 'uri' | 'duration'
> & {
  handedOut: boolean;
  requesterName: string | null;
  album: string | null;
  /** The library path of a request's track. */
  path: string | null;
};

export interface LibraryTrackOfPath {
  path: string;
  title: string;
  artist: string;
  duration: number;
}

/** automation_queue (owned by the requests service). */
export class AutomationQueueRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The machine's queue lock, until the transaction ends. */
  async lockMachine(trx: Tx, machine: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`automation-queue:${machine}`}, 0))`.execute(
      executorOf(this.#db, trx),
    );
  }

  /** The machine's entries (with their requests) in playing order: handed out first. */
  #inPlayingOrder(machine: number, trx?: Tx) {
    return executorOf(this.#db, trx)
      .selectFrom('automationQueue as q')
      .leftJoin('songRequests as r', 'r.id', 'q.requestId')
      .where('q.machine', '=', machine)
      .orderBy(sql`q.handed_out_at is null`)
      .orderBy('q.handedOutAt')
      .orderBy('q.position')
      .orderBy('q.id');
  }

  /** The machine's queue in playing order: what was handed out first, then by position. */
  entries(machine: number): Promise<QueueEntry[]> {
    return this.#inPlayingOrder(machine).selectAll('q').select('r.userId').execute();
  }

  /**
   * What placement and places need of the machine's entries, in playing order (handed out first):
   * a few columns of each, the queue may be long.
   */
  placedEntries(machine: number, trx?: Tx): Promise<PlacedEntry[]> {
    return this.#inPlayingOrder(machine, trx)
      .select(['q.id', 'q.kind', 'q.requestId', 'q.position', 'q.duration', 'r.userId'])
      .select(sql<boolean>`q.handed_out_at is not null`.as('handedOut'))
      .execute();
  }

  /** What the admin's playlist shows of the machine's entries, in playing order. */
  listing(machine: number): Promise<ListedEntry[]> {
    return this.#inPlayingOrder(machine)
      .leftJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .select(['q.id', 'q.kind', 'q.requestId', 'q.title', 'q.artist', 'q.uri', 'q.duration'])
      .select(['r.requesterName', 'r.album', 't.path'])
      .select(sql<boolean>`q.handed_out_at is not null`.as('handedOut'))
      .execute();
  }

  /** A library track (not gone) by its path; of this source only when given. */
  libraryTrack(
    path: string,
    source: string | null,
    trx?: Tx,
  ): Promise<LibraryTrackOfPath | undefined> {
    let query = executorOf(this.#db, trx)
      .selectFrom('libraryTracks')
      .select(['path', 'title', 'artist', 'duration'])
      .where('path', '=', path)
      .where('goneAt', 'is', null);
    if (source !== null) query = query.where('source', '=', source);
    return query.orderBy('id').limit(1).executeTakeFirst();
  }

  /** Gives entries new positions, in one statement. */
  async setPositions(trx: Tx, positions: { id: string; position: number }[]): Promise<void> {
    if (positions.length === 0) return;
    const ids = positions.map((entry) => entry.id);
    const values = positions.map((entry) => entry.position);
    await sql`
      update automation_queue q set position = v.position
      from unnest(${ids}::bigint[], ${values}::int[]) as v(id, position)
      where q.id = v.id
    `.execute(executorOf(this.#db, trx));
  }

  async insert(trx: Tx, entries: NewQueueEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await executorOf(this.#db, trx).insertInto('automationQueue').values(entries).execute();
  }

  /**
   * Hands out the head once: two callers at once never get the same entry. An entry handed out
   * longer than HAND_OUT_LOST_MS ago that never started was lost (Liquidsoap restarted with it
   * prepared): it is handed out again, so its request still airs and is not left waiting forever.
   */
  handOutNext(machine: number, now: Date): Promise<AutomationQueueRow | undefined> {
    const lostBefore = new Date(now.getTime() - HAND_OUT_LOST_MS);
    return this.#db
      .updateTable('automationQueue')
      .set({ handedOutAt: now })
      .where(
        'id',
        '=',
        this.#db
          .selectFrom('automationQueue')
          .select('id')
          .where('machine', '=', machine)
          .where((eb) => eb.or([eb('handedOutAt', 'is', null), eb('handedOutAt', '<', lostBefore)]))
          .orderBy('position')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The station started the handed-out entry of this URI: the entry leaves the queue and its
   * request (when it is the song itself) becomes played. Answers the request id marked played.
   */
  async started(trx: Tx, uri: string, playedAt: Date): Promise<number | null> {
    const db = executorOf(this.#db, trx);
    const entry = await db
      .deleteFrom('automationQueue')
      .where(
        'id',
        '=',
        db
          .selectFrom('automationQueue')
          .select('id')
          .where('uri', '=', uri)
          .where('handedOutAt', 'is not', null)
          .orderBy('handedOutAt')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['kind', 'requestId'])
      .executeTakeFirst();
    if (entry?.kind !== 'request' || entry.requestId === null) return null;
    // Its voice message is over now (a station that reports only the temporary copy it played
    // never matched it by its URI).
    await db.deleteFrom('automationQueue').where('requestId', '=', entry.requestId).execute();
    const played = await db
      .updateTable('songRequests')
      .set({ status: 'played', playedAt })
      .where('id', '=', entry.requestId)
      .where('status', 'in', ['pending', 'approved'])
      .returning('id')
      .executeTakeFirst();
    return played?.id ?? null;
  }

  async removeRequest(trx: Tx, requestId: number): Promise<void> {
    await executorOf(this.#db, trx)
      .deleteFrom('automationQueue')
      .where('requestId', '=', requestId)
      .execute();
  }

  /**
   * Approved requests with a library track, not played and not in the queue: `ids` limits it to
   * those requests. Oldest first.
   */
  unqueuedApproved(
    trx: Tx,
    ids: number[] | undefined,
    builtInSource: string | null,
  ): Promise<UnqueuedRequest[]> {
    let query = executorOf(this.#db, trx)
      .selectFrom('songRequests as r')
      .innerJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .select([
        'r.id',
        'r.userId',
        'r.title',
        'r.artist',
        't.duration',
        't.path',
        'r.voicetrackUrl',
      ])
      .where('r.status', '=', 'approved')
      .where('r.playedAt', 'is', null)
      // An AzuraCast station's track is requested through its API, never queued here (the
      // built-in station's tracks carry request ids too: stationRequestIdOf of @radio/station).
      .where((eb) =>
        builtInSource === null
          ? eb('t.requestId', 'is', null)
          : eb.or([eb('t.requestId', 'is', null), eb('t.source', '=', builtInSource)]),
      )
      .where((eb) => eb.or([eb('r.source', '=', 'local'), eb('r.downloadStatus', '=', 'ready')]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('automationQueue as q')
              .select('q.id')
              .whereRef('q.requestId', '=', 'r.id'),
          ),
        ),
      )
      .orderBy('r.requestedAt')
      .orderBy('r.id');
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      query = query.where('r.id', 'in', ids);
    }
    return query.execute();
  }
}
