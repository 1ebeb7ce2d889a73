import type { Db, VoiceMessageRow } from '@radio/db';

export class VoiceMessagesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: {
    userId: number;
    objectKey: string;
    durationSeconds: number;
  }): Promise<VoiceMessageRow> {
    return this.#db
      .insertInto('voiceMessages')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
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
