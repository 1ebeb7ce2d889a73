import type { Db } from '@radio/db';

export interface AcquiredTrackRow {
  source: string;
  mediaId: string;
  path: string;
  title: string;
  artist: string;
  album: string;
  duration: number;
}

/**
 * A minimal upsert of one library_tracks row (by source and media id). The library scan's own
 * repository does the same for whole scans; this one is kept apart so it can be swapped for it.
 */
export class AcquiredTracksRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async upsert(track: AcquiredTrackRow): Promise<string> {
    const now = new Date();
    const values = { ...track, requestable: true, seenAt: now, goneAt: null, updatedAt: now };
    const row = await this.#db
      .insertInto('libraryTracks')
      .values(values)
      .onConflict((conflict) =>
        conflict.columns(['source', 'mediaId']).doUpdateSet({
          path: values.path,
          title: values.title,
          artist: values.artist,
          album: values.album,
          duration: values.duration,
          requestable: true,
          seenAt: now,
          goneAt: null,
          updatedAt: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
