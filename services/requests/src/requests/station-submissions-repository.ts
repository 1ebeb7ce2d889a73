import { sql } from 'kysely';
import type { Db } from '@radio/db';

/** An approved request not yet sent to the station, with its library track's station ids. */
export interface UnsubmittedRequest {
  id: number;
  /** library_tracks.source and request_id: AutomationQueue.stationRequestIdOf decides. */
  source: string;
  requestId: string;
}

/**
 * The station side of song_requests (owned by the requests service). Every write is one short
 * statement: the station is asked between them, never inside a transaction.
 */
export class StationSubmissionsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Approved requests never sent to a station request API whose library track (still there)
   * has a request id, and which no copy of the service is sending now (an expired claim is
   * nobody's); a Deezer request once its track is ready. Oldest approval first.
   */
  unsubmitted(claimedBefore: Date): Promise<UnsubmittedRequest[]> {
    return this.#db
      .selectFrom('songRequests as r')
      .innerJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .select(['r.id', 't.source', 't.requestId'])
      .where('r.status', '=', 'approved')
      .where('r.stationSubmittedAt', 'is', null)
      .where((eb) =>
        eb.or([eb('r.stationClaimedAt', 'is', null), eb('r.stationClaimedAt', '<', claimedBefore)]),
      )
      .where('t.goneAt', 'is', null)
      .where('t.requestId', 'is not', null)
      .where((eb) => eb.or([eb('r.source', '=', 'local'), eb('r.downloadStatus', '=', 'ready')]))
      .orderBy(sql`coalesce(r.reviewed_at, r.requested_at)`)
      .orderBy('r.id')
      .$narrowType<{ requestId: string }>()
      .execute();
  }

  /**
   * Takes the request for sending, if it is still approved and unsent and nobody holds a claim
   * newer than `claimedBefore` (an admin may have rejected it, or another copy sent it).
   */
  async claim(id: number, now: Date, claimedBefore: Date): Promise<boolean> {
    const row = await this.#db
      .updateTable('songRequests')
      .set({ stationClaimedAt: now })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('stationSubmittedAt', 'is', null)
      .where((eb) =>
        eb.or([eb('stationClaimedAt', 'is', null), eb('stationClaimedAt', '<', claimedBefore)]),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async markSubmitted(id: number, at: Date): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({
        stationSubmittedAt: at,
        stationClaimedAt: null,
        stationStep: 'submitted',
        stationNote: null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Not sent: the claim goes, with what the station said (null: it said nothing). */
  async release(id: number, step: 'to_submit' | 'refused', note: string | null): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({ stationClaimedAt: null, stationStep: step, stationNote: note })
      .where('id', '=', id)
      .where('stationSubmittedAt', 'is', null)
      .execute();
  }

  /** A listener's request the station did not take at once: it never existed. */
  async withdraw(id: number): Promise<void> {
    await this.#db
      .deleteFrom('songRequests')
      .where('id', '=', id)
      .where('stationSubmittedAt', 'is', null)
      .execute();
  }

  /** An approval the station did not take: back to pending, for the admin to decide again. */
  async unapprove(id: number, note: string | null): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({
        status: 'pending',
        reviewedBy: null,
        reviewedAt: null,
        stationClaimedAt: null,
        stationStep: 'refused',
        stationNote: note,
      })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('stationSubmittedAt', 'is', null)
      .execute();
  }
}
