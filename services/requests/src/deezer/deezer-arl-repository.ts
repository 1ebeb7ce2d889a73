import { DJ_SETTINGS_ID, type Db } from '@radio/db';

/** The stored ARL in dj_settings (write only: no API ever reads it back out). */
export class DeezerArlRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async store(arl: string): Promise<void> {
    const changes = { deezerArl: arl, updatedAt: new Date() };
    await this.#db
      .insertInto('djSettings')
      .values({ id: DJ_SETTINGS_ID, ...changes })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
      .execute();
  }
}
