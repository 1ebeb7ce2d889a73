import { sql, type Kysely } from 'kysely';
import type { Database } from '@radio/db';

/** An approved request not yet sent to the station, with its library track's station ids. */
export interface UnsubmittedRequest {
  id: number;
  /** library_tracks.source and request_id: AutomationQueue.stationRequestIdOf decides. */
  source: string;
  requestId: string;
}

type Executor = Kysely<Database>;

const PASS_LOCK = 'station-submissions';

/** The station_submitted_at side of song_requests (owned by the requests service). */
export class StationSubmissionsRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * Runs `work` while no other pass runs, in any copy of the service: a transaction holds the
   * pass lock (and nothing else) until `work` ends, so a crash or an error never leaves the lock
   * behind. `work` uses this repository's own transactions, committed one request at a time.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${PASS_LOCK}, 0))`.execute(trx);
      return work();
    });
  }

  transaction<T>(work: (repository: StationSubmissionsRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new StationSubmissionsRepository(trx)));
  }

  /**
   * Approved requests never sent to a station request API whose library track (still there)
   * has a request id; a Deezer request once its track is ready. Oldest approval first.
   */
  unsubmitted(): Promise<UnsubmittedRequest[]> {
    return this.#db
      .selectFrom('songRequests as r')
      .innerJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .select(['r.id', 't.source', 't.requestId'])
      .where('r.status', '=', 'approved')
      .where('r.stationSubmittedAt', 'is', null)
      .where('t.goneAt', 'is', null)
      .where('t.requestId', 'is not', null)
      .where((eb) => eb.or([eb('r.source', '=', 'local'), eb('r.downloadStatus', '=', 'ready')]))
      .orderBy(sql`coalesce(r.reviewed_at, r.requested_at)`)
      .orderBy('r.id')
      .$narrowType<{ requestId: string }>()
      .execute();
  }

  /**
   * Inside a transaction: locks the request until it ends, if it is still approved and unsent
   * (an admin may have rejected it, or an approval in nonstop sent it, meanwhile).
   */
  async claim(id: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom('songRequests')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('stationSubmittedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  async markSubmitted(id: number, at: Date): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({ stationSubmittedAt: at })
      .where('id', '=', id)
      .execute();
  }
}
