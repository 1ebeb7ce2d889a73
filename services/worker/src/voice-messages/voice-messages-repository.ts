import { sql } from 'kysely';
import { FILES_PATH_PREFIX } from '@radio/contracts';
import type { Db } from '@radio/db';

/** voice_messages (the uploads service's table): the worker removes the unused ones. */
export class VoiceMessagesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Removes up to `limit` voice messages made before `before` and not used by a request: each
   * row is locked (a submit taking it at that moment waits, then finds it gone) while `removeObject`
   * deletes its object, then deleted. A failing `removeObject` keeps that row for the next run.
   * Answers how many were removed.
   */
  async removeUnused(
    before: Date,
    removeObject: (objectKey: string) => Promise<void>,
    limit = 100,
  ): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('voiceMessages')
        .select(['id', 'objectKey'])
        .where('createdAt', '<', before)
        // Used: a request names it by its path (song_requests.voicetrack_url).
        .where(({ not, exists, selectFrom, ref }) =>
          not(
            exists(
              selectFrom('songRequests')
                .select('songRequests.id')
                .where(
                  'songRequests.voicetrackUrl',
                  '=',
                  sql<string>`${FILES_PATH_PREFIX} || ${ref('voiceMessages.objectKey')}`,
                ),
            ),
          ),
        )
        .orderBy('createdAt')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) await removeObject(row.objectKey);
      if (rows.length > 0) {
        await trx
          .deleteFrom('voiceMessages')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return rows.length;
    });
  }
}
