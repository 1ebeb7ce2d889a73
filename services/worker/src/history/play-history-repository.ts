import type { Db } from '@radio/db';
import type { PlayedSong } from '@radio/station';

const ROWS_PER_INSERT = 1000;

/** The worker owns play_history: every play of every source, stored exactly once. */
export class PlayHistoryRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
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
    return added;
  }
}
