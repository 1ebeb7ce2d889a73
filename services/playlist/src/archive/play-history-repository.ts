import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@radio/db';

export interface DayCount {
  /** YYYY-MM-DD in the station's zone. */
  day: string;
  plays: number;
}

export interface HourCount {
  hour: number;
  plays: number;
}

export interface ArchivedPlay {
  id: number;
  title: string;
  artist: string;
  album: string | null;
  playedAt: Date;
  duration: number;
}

/** A play as the export lists it: day and time on the station's clock. */
export interface ExportedPlay {
  /** YYYY-MM-DD in the station's zone. */
  date: string;
  /** HH:MM:SS in the station's zone. */
  time: string;
  artist: string;
  title: string;
  album: string | null;
  duration: number;
}

/**
 * Reads play_history (the worker writes it) by the station's days and hours. Postgres does the
 * time-zone work (AT TIME ZONE, daylight saving included); every query is a range scan of the
 * played_at index.
 */
export class PlayHistoryRepository {
  readonly #db: Db;
  readonly #timeZone: string;

  constructor(db: Db, timeZone: string) {
    this.#db = db;
    this.#timeZone = timeZone;
  }

  /** The instant a station day (an SQL date) starts. */
  #startOf(day: RawBuilder<unknown>): RawBuilder<Date> {
    return sql<Date>`((${day})::timestamp at time zone ${this.#timeZone})`;
  }

  #dayOf(date: string, plusDays = 0): RawBuilder<unknown> {
    return sql`${date}::date + ${sql.lit(plusDays)}`;
  }

  #localHour(): RawBuilder<number> {
    return sql<number>`extract(hour from played_at at time zone ${this.#timeZone})::int`;
  }

  /**
   * Plays per station day for the `days` days up to `lastDay`, newest first; days without plays
   * are left out. One index-only count per day: cheaper than converting every play's time.
   */
  async playsPerDay(lastDay: string, days: number): Promise<DayCount[]> {
    // The number of days is a literal, not a parameter: the planner then knows the row count. A
    // guessed 1000 rows prices the query past jit_above_cost, and JIT compiling it made it about
    // a hundred times slower.
    const { rows } = await sql<DayCount>`
      select to_char(day, 'YYYY-MM-DD') as day, plays
      from (
        select day, (
          select count(*)::int from play_history
          where played_at >= ${this.#startOf(sql`day`)} and played_at < ${this.#startOf(sql`day + 1`)}
        ) as plays
        from (
          select ${lastDay}::date - back as day from generate_series(0, ${sql.lit(days - 1)}) as back
        ) as station_days
      ) as counts
      where plays > 0
      order by counts.day desc`.execute(this.#db);
    return rows;
  }

  /**
   * Plays per hour of a station day, for every hour its clock shows (23 on the day the clocks go
   * forward; on the day they go back the repeated hour counts both passes).
   */
  async playsPerHour(date: string): Promise<HourCount[]> {
    const dayStart = this.#startOf(this.#dayOf(date));
    const dayEnd = this.#startOf(this.#dayOf(date, 1));
    const { rows } = await sql<HourCount>`
      select clock.hour, coalesce(played.plays, 0)::int as plays
      from (
        select distinct extract(hour from instant at time zone ${this.#timeZone})::int as hour
        from generate_series(${dayStart}, ${dayEnd} - interval '1 hour', interval '1 hour') as instant
      ) as clock
      left join (
        select ${this.#localHour()} as hour, count(*) as plays
        from play_history
        where played_at >= ${dayStart} and played_at < ${dayEnd}
        group by 1
      ) as played on played.hour = clock.hour
      order by clock.hour`.execute(this.#db);
    return rows;
  }

  /** The plays of a station day, or of one hour of its clock, newest first. */
  async plays(date: string, hour: number | null): Promise<ArchivedPlay[]> {
    let query = this.#db
      .selectFrom('playHistory')
      .select(['id', 'title', 'artist', 'album', 'playedAt', 'duration'])
      .where('playedAt', '>=', this.#startOf(this.#dayOf(date)))
      .where('playedAt', '<', this.#startOf(this.#dayOf(date, 1)));
    if (hour !== null) query = query.where(this.#localHour(), '=', hour);
    const rows = await query.orderBy('playedAt', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /**
   * The plays of a station day, oldest first, with their day and time on the station clock.
   * The export reads a month one day at a time: each read is a short range scan of the
   * played_at index, whatever the planner knows about the table, and no connection is held
   * while a slow client downloads.
   */
  async dayPlaysForExport(date: string): Promise<ExportedPlay[]> {
    const local = sql`played_at at time zone ${this.#timeZone}`;
    return this.#db
      .selectFrom('playHistory')
      .select([
        sql<string>`to_char(${local}, 'YYYY-MM-DD')`.as('date'),
        sql<string>`to_char(${local}, 'HH24:MI:SS')`.as('time'),
        'artist',
        'title',
        'album',
        'duration',
      ])
      .where('playedAt', '>=', this.#startOf(this.#dayOf(date)))
      .where('playedAt', '<', this.#startOf(this.#dayOf(date, 1)))
      .orderBy('playedAt')
      .orderBy('id')
      .execute();
  }
}
