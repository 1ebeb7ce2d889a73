import { sql } from 'kysely';
import type { Db, VoiceMessageRow } from '@radio/db';

export class VoiceMessagesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Inserts the voice message unless its user already stored `perDay` since `since` (then
   * undefined): counted and inserted under a lock per user, so an admission made on a count that
   * another upload of theirs overtook cannot add one past the limit.
   */
  async insertWithinLimit(
    row: { userId: number; objectKey: string; durationSeconds: number },
    perDay: number,
    since: Date,
  ): Promise<VoiceMessageRow | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const lock = `voice-messages:${row.userId}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx);
      const { count } = await trx
        .selectFrom('voiceMessages')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', row.userId)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(count) >= perDay) return undefined;
      return trx.insertInto('voiceMessages').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  /** A user's voice messages since `since`, oldest first (their times, for the daily limit). */
  async createdTimesSince(userId: number, since: Date): Promise<Date[]> {
    const rows = await this.#db
      .selectFrom('voiceMessages')
      .select('createdAt')
      .where('userId', '=', userId)
      .where('createdAt', '>', since)
      .orderBy('createdAt', 'asc')
      .execute();
    return rows.map((row) => row.createdAt);
  }

  async findByKey(objectKey: string): Promise<VoiceMessageRow | undefined> {
    return this.#db
      .selectFrom('voiceMessages')
      .selectAll()
      .where('objectKey', '=', objectKey)
      .executeTakeFirst();
  }
}
