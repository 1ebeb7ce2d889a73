import type { Db, DjSettingsRow } from '@radio/db';

export type SourceSettingsRow = Pick<
  DjSettingsRow,
  'broadcastingMode' | 'liveUrl' | 'liveApiKey' | 'nonstopUrl' | 'nonstopApiKey'
>;

/** Reads the station source settings of dj_settings (owned by the requests service). */
export class DjSettingsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  sourceSettings(): Promise<SourceSettingsRow | undefined> {
    return this.#db
      .selectFrom('djSettings')
      .select(['broadcastingMode', 'liveUrl', 'liveApiKey', 'nonstopUrl', 'nonstopApiKey'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }
}
