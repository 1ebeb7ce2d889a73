import type { Db, SongRequestRow } from '@radio/db';
import type { PlayedSong } from '@radio/station';

const ROWS_PER_INSERT = 1000;

/** The worker owns play_history: every play of every source, stored exactly once. */
export class PlayHistoryRepository {
  readonly #db: Db;
  readonly #requestsPlayed: (rows: SongRequestRow[]) => void;

  /** requestsPlayed: told of the requests a recorded play marked played (must not throw). */
  constructor(db: Db, requestsPlayed: (rows: SongRequestRow[]) => void = () => undefined) {
    this.#db = db;
    this.#requestsPlayed = requestsPlayed;
  }

  /** Stores the plays not stored yet (unique per source and source id); returns how many. */
  async record(source: string, plays: readonly PlayedSong[]): Promise<number> {
    let added = 0;
    for (let start = 0; start < plays.length; start += ROWS_PER_INSERT) {
      const rows = plays.slice(start, start + ROWS_PER_INSERT).map((play) => ({
        source,
        azuracastId: play.sourceId,
        title: play.title,
        artist: play.artist,
        album: play.album,
        playedAt: play.playedAt,
        duration: play.duration,
      }));
      const result = await this.#db
        .insertInto('playHistory')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['source', 'azuracastId']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    const earliest = plays.reduce<Date | null>(
      (min, play) => (min === null || play.playedAt < min ? play.playedAt : min),
      null,
    );
    if (added > 0 && earliest) {
      const played = await this.markRequestsPlayed(source, earliest);
      if (played.length > 0) this.#requestsPlayed(played);
    }
    return added;
  }

  /**
   * Requests submitted to an AzuraCast station's request API are played when its history shows
   * their track (same source, same accent-folded title and artist, after it was sent): status
   * played with the first such play's time. Plays since `since` are looked at. Answers the
   * requests it changed.
   */
  markRequestsPlayed(source: string, since: Date): Promise<SongRequestRow[]> {
    const firstPlays = this.#db
      .selectFrom('songRequests as r')
      .innerJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .innerJoin('playHistory as p', (join) =>
        join
          .onRef('p.source', '=', 't.source')
          // Sent after a live show: only a play after it was sent counts (one before was rotation).
          .on((eb) =>
            eb('p.playedAt', '>=', eb.fn.coalesce('r.stationSubmittedAt', 'r.requestedAt')),
          )
          .on((eb) => eb(eb.fn('library_fold', ['p.title']), '=', eb.ref('t.searchTitle')))
          .on((eb) => eb(eb.fn('library_fold', ['p.artist']), '=', eb.ref('t.searchArtist'))),
      )
      .select((eb) => ['r.id', eb.fn.min('p.playedAt').as('firstPlay')])
      .where('r.status', '=', 'approved')
      .where('t.requestId', 'is not', null)
      .where('t.source', '=', source)
      .where('p.playedAt', '>=', since)
      .groupBy('r.id');
    return this.#db
      .updateTable('songRequests')
      .from(firstPlays.as('m'))
      .set((eb) => ({ status: 'played', playedAt: eb.ref('m.firstPlay') }))
      .whereRef('songRequests.id', '=', 'm.id')
      .returningAll('songRequests')
      .execute();
  }
}
