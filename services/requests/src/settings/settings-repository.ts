import type { Updateable } from 'kysely';
import {
  DJ_SETTINGS_ID,
  DjSettingsReader,
  type BroadcastingMode,
  type Db,
  type DjSettingsRow,
  type DjSettingsTable,
} from '@radio/db';

export type SettingsFormChanges = Pick<
  Updateable<DjSettingsTable>,
  | 'nonstopUrl'
  | 'nonstopApiKey'
  | 'liveUrl'
  | 'liveApiKey'
  | 'localStreamUrl'
  | 'libraryName'
  | 'maxRequestsPerIp'
  | 'maxRequestsPerBrowser'
  | 'trackCooldownHours'
  | 'artistCooldownHours'
>;

/** The single dj_settings row: the requests service owns it and is its only writer. */
export class SettingsRepository {
  readonly #db: Db;
  readonly #reader: DjSettingsReader;

  constructor(db: Db) {
    this.#db = db;
    this.#reader = new DjSettingsReader(db);
  }

  /** The settings, recreating the row with its defaults should it ever be gone. */
  async get(): Promise<DjSettingsRow> {
    const row = await this.#reader.read();
    if (row) return row;
    await this.#db
      .insertInto('djSettings')
      .values({ id: DJ_SETTINGS_ID })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return (await this.#reader.read()) as DjSettingsRow;
  }

  setRequestsEnabled(enabled: boolean): Promise<DjSettingsRow> {
    return this.#change({ requestsEnabled: enabled });
  }

  setRegistrationEnabled(enabled: boolean): Promise<DjSettingsRow> {
    return this.#change({ registrationEnabled: enabled });
  }

  setBroadcastingMode(mode: BroadcastingMode): Promise<DjSettingsRow> {
    return this.#change({ broadcastingMode: mode });
  }

  /** Write only: no API ever answers the ARL. */
  async setDeezerArl(arl: string): Promise<void> {
    await this.#change({ deezerArl: arl });
  }

  /** The sources, the stream, the library name and the request limits (the admin's form). */
  update(changes: SettingsFormChanges): Promise<DjSettingsRow> {
    return this.#change(changes);
  }

  #change(
    setting: Pick<
      Updateable<DjSettingsTable>,
      'requestsEnabled' | 'registrationEnabled' | 'broadcastingMode' | 'deezerArl'
    > &
      SettingsFormChanges,
  ): Promise<DjSettingsRow> {
    const changes = { ...setting, updatedAt: new Date() };
    return this.#db
      .insertInto('djSettings')
      .values({ id: DJ_SETTINGS_ID, ...changes })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Points the nonstop source at the built-in station when it has no URL yet, or already points
   * there (then the key follows a changed INTERNAL_TOKEN). An operator's own URL stays.
   * Safe to run at every start, by every copy of the service.
   */
  async useBuiltInStationAsNonstop(nowPlayingUrl: string, apiKey: string): Promise<boolean> {
    await this.get();
    const result = await this.#db
      .updateTable('djSettings')
      .set({ nonstopUrl: nowPlayingUrl, nonstopApiKey: apiKey, updatedAt: new Date() })
      .where('id', '=', DJ_SETTINGS_ID)
      .where((eb) =>
        eb.or([
          eb('nonstopUrl', 'is', null),
          eb(eb.fn('trim', ['nonstopUrl']), '=', ''),
          eb.and([
            eb('nonstopUrl', '=', nowPlayingUrl),
            eb('nonstopApiKey', 'is distinct from', apiKey),
          ]),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
