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

  async findByKey(objectKey: string): Promise<VoiceMessageRow | undefined> {
    return this.#db
      .selectFrom('voiceMessages')
      .selectAll()
      .where('objectKey', '=', objectKey)
      .executeTakeFirst();
  }
}
