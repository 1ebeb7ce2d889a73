import { createHash } from 'node:crypto';
import type { ExpressionBuilder, Updateable } from 'kysely';
import {
  DJ_SETTINGS_ID,
  DjSettingsReader,
  type BroadcastingMode,
  type Db,
  type DjSettingsRow,
  type DjSettingsTable,
  type Database,
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
   * Points the nonstop source at the built-in station (with its stored key) when it has no URL
   * yet, or already points there (then the key follows a rotated station key). An operator's own
   * URL stays. Safe to run at every start, by every copy of the service.
   */
  async useBuiltInStationAsNonstop(nowPlayingUrl: string): Promise<boolean> {
    await this.get();
    const result = await this.#db
      .updateTable('djSettings')
      .set((eb) => ({
        nonstopUrl: nowPlayingUrl,
        nonstopApiKey: eb.ref('stationApiKey'),
        updatedAt: new Date(),
      }))
      .where('id', '=', DJ_SETTINGS_ID)
      .where((eb) =>
        eb.or([
          eb('nonstopUrl', 'is', null),
          eb(eb.fn('trim', ['nonstopUrl']), '=', ''),
          eb.and([
            eb('nonstopUrl', '=', nowPlayingUrl),
            eb('nonstopApiKey', 'is distinct from', eb.ref('stationApiKey')),
          ]),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes the STATION_API_KEY of this service's environment as the built-in station's key, unless
   * it is the one taken last time (then a key rotated since, by scripts/rotate-station-key.sh,
   * stays). A stored source key equal to `internalToken` (the station's key before it had its
   * own) is replaced too. True when it changed anything. Safe to run by every copy at once.
   */
  async adoptStationKey(key: string, internalToken: string): Promise<boolean> {
    await this.get();
    const fromEnv = createHash('sha256').update(key).digest('hex');
    const result = await this.#db
      .updateTable('djSettings')
      .set((eb) => ({ ...stationKeyChange(eb, key, [internalToken]), stationApiKeyEnv: fromEnv }))
      .where('id', '=', DJ_SETTINGS_ID)
      .where('stationApiKeyEnv', 'is distinct from', fromEnv)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A new key for the built-in station, effective at once (scripts/rotate-station-key.sh). */
  async rotateStationKey(key: string): Promise<void> {
    await this.get();
    await this.#db
      .updateTable('djSettings')
      .set((eb) => stationKeyChange(eb, key, []))
      .where('id', '=', DJ_SETTINGS_ID)
      .execute();
  }
}

/** The built-in station's key becomes `key`; a source key equal to the old one or to `former` follows. */
function stationKeyChange(
  eb: ExpressionBuilder<Database, 'djSettings'>,
  key: string,
  former: string[],
) {
  const follows = (column: 'nonstopApiKey' | 'liveApiKey') =>
    eb
      .case()
      .when(
        eb.or([
          eb(column, '=', eb.ref('stationApiKey')),
          ...former.map((old) => eb(column, '=', old)),
        ]),
      )
      .then(key)
      .else(eb.ref(column))
      .end();
  return {
    stationApiKey: key,
    nonstopApiKey: follows('nonstopApiKey'),
    liveApiKey: follows('liveApiKey'),
    updatedAt: new Date(),
  };
}
