import type { Db } from './create-db.ts';
import type { DjSettingsRow } from './schema.ts';

/** dj_settings holds one row, with this id. */
export const DJ_SETTINGS_ID = 1;

/**
 * The one reader of dj_settings. The requests service owns and writes the row; auth (is
 * registration open?) and the worker (which station source?) read it through this too.
 */
export class DjSettingsReader {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Undefined when the row is missing: each reader then falls back to the column defaults. */
  read(): Promise<DjSettingsRow | undefined> {
    return this.#db
      .selectFrom('djSettings')
      .selectAll()
      .where('id', '=', DJ_SETTINGS_ID)
      .executeTakeFirst();
  }
}
