import type { Db } from '@radio/db';

export class SessionsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Returns how many sessions were removed. */
  async deleteExpired(now = new Date()): Promise<number> {
    const result = await this.#db
      .deleteFrom('sessions')
      .where('expire', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
