import { sql } from 'kysely';
import type { Db } from '@radio/db';

export interface OverviewCounts {
  requestsToday: number;
  requestsWaiting: number;
  uploadsWaiting: number;
}

export interface QueuedSong {
  artist: string;
  title: string;
  /** Seconds; 0 when unknown. */
  duration: number;
}

/** The overview's figures: counts by indexed ranges, never a scan of a whole table. */
export class OverviewRepository {
  readonly #db: Db;
  readonly #timeZone: string;

  constructor(db: Db, timeZone: string) {
    this.#db = db;
    this.#timeZone = timeZone;
  }

  /**
   * One round trip. "Today" is the station day holding `now`: Postgres finds its midnights in the
   * station's zone (daylight saving included), so the day may last 23 or 25 hours.
   */
  async counts(now: Date): Promise<OverviewCounts> {
    const tz = this.#timeZone;
    const day = sql`(${now}::timestamptz at time zone ${tz})::date`;
    const { rows } = await sql<OverviewCounts>`
      select
        (select count(*)::int from song_requests
          where requested_at >= ((${day})::timestamp at time zone ${tz})
            and requested_at < ((${day} + 1)::timestamp at time zone ${tz})) as "requestsToday",
        (select count(*)::int from song_requests
          where status in ('pending', 'approved')) as "requestsWaiting",
        (select count(*)::int from cloud_uploads where status = 'pending') as "uploadsWaiting"
    `.execute(this.#db);
    const [counts] = rows;
    if (!counts) throw new Error('the overview counts query answered no row');
    return counts;
  }

  /** The first `limit` entries of a machine's automation queue, in playing order (handed out first). */
  nextQueued(machine: number, limit: number): Promise<QueuedSong[]> {
    return this.#db
      .selectFrom('automationQueue')
      .select(['artist', 'title', 'duration'])
      .where('machine', '=', machine)
      .orderBy(sql`handed_out_at is null`)
      .orderBy('handedOutAt')
      .orderBy('position')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
