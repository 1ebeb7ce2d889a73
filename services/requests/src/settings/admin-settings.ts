import {
  SETTINGS_FIELD_LABELS,
  type SettingsField,
  type AdminSettings as AdminSettingsView,
  type AdminSettingsChanges,
  type SourceTestResult,
  type StationSourceName,
  type UpdateAdminSettingsResponse,
  type PublicDjSettings,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError } from '@radio/service-kit';
import { stationSourceKey } from '@radio/station';
import type { SettingsFormChanges, SettingsRepository } from './settings-repository.ts';
import { testStationSource } from './source-test.ts';
import { toPublicSettings } from './public-settings.ts';

export interface AdminSettingsOptions {
  settings: Pick<SettingsRepository, 'get' | 'update' | 'useBuiltInStationAsNonstop'>;
  /** The built-in station's now-playing URL, when there is one (its key is in dj_settings). */
  builtInUrl: string | null;
  /** Internal origins an admin may enter besides the built-in station and a stored source. */
  privateOrigins?: readonly string[];
  testSource?: typeof testStationSource;
  /** The public settings after a save that changed them (the live `settings` event). */
  changed?: (after: PublicDjSettings) => void;
}

const hasText = (value: string | null): boolean => Boolean(value?.trim());

/** What the admin is answered, and the rows before and after (for the audit trail only). */
export interface SettingsUpdate {
  response: UpdateAdminSettingsResponse;
  before: DjSettingsRow;
  after: DjSettingsRow;
}

/** The fields of the settings form, as the audit trail compares them. */
export const SETTINGS_FORM_FIELDS = Object.keys(SETTINGS_FIELD_LABELS) as SettingsField[];

const sources = {
  nonstop: { url: 'nonstopUrl', key: 'nonstopApiKey' },
  live: { url: 'liveUrl', key: 'liveApiKey' },
} as const;

/**
 * A stored key goes only to the address (origin) it was stored for: to another, a typo or a
 * hostile URL would hand it out (the built-in station's key reads its API). Refused rather than
 * tested without it, which could pass and hide that the key does not belong there.
 */
function storedKeyFor(row: DjSettingsRow, which: StationSourceName, url: string): string | null {
  const key = row[sources[which].key];
  if (!hasText(key)) return null;
  const storedUrl = row[sources[which].url]?.trim() ?? '';
  if (storedUrl === '' || stationSourceKey(storedUrl) !== stationSourceKey(url)) {
    throw new HttpError(
      400,
      'API_KEY_OTHER_ADDRESS',
      'De opgeslagen API-sleutel hoort bij een ander adres: vul de sleutel opnieuw in, of kies Sleutel wissen.',
    );
  }
  return key;
}

/**
 * The admin's settings form: keys and the ARL are write only (set or not, never shown); a
 * source whose URL or key changes is asked for now playing first, and nothing is saved when it
 * fails. The request rules read dj_settings at every request, so a saved limit applies at once.
 */
export class AdminSettings {
  readonly #settings: AdminSettingsOptions['settings'];
  readonly #builtInUrl: string | null;
  readonly #privateOrigins: readonly string[];
  readonly #testSource: typeof testStationSource;
  readonly #changed: NonNullable<AdminSettingsOptions['changed']>;

  constructor(options: AdminSettingsOptions) {
    this.#changed = options.changed ?? (() => undefined);
    this.#settings = options.settings;
    this.#builtInUrl = options.builtInUrl;
    this.#privateOrigins = options.privateOrigins ?? [];
    this.#testSource = options.testSource ?? testStationSource;
  }

  async get(): Promise<AdminSettingsView> {
    return this.view(await this.#settings.get());
  }

  view(row: DjSettingsRow): AdminSettingsView {
    return {
      nonstopUrl: row.nonstopUrl,
      nonstopApiKeySet: hasText(row.nonstopApiKey),
      nonstopIsBuiltIn: this.#builtInUrl !== null && row.nonstopUrl?.trim() === this.#builtInUrl,
      liveUrl: row.liveUrl,
      liveApiKeySet: hasText(row.liveApiKey),
      localStreamUrl: row.localStreamUrl,
      libraryName: row.libraryName,
      maxRequestsPerIp: row.maxRequestsPerIp,
      maxRequestsPerBrowser: row.maxRequestsPerBrowser,
      trackCooldownHours: row.trackCooldownHours,
      artistCooldownHours: row.artistCooldownHours,
      deezerArlSet: hasText(row.deezerArl),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Saves the changes once every changed source passed its test. A cleared nonstop URL goes back
   * to the built-in station when there is one.
   */
  async update(changes: AdminSettingsChanges): Promise<SettingsUpdate> {
    const before = await this.#settings.get();
    const sourceTests: UpdateAdminSettingsResponse['sourceTests'] = {};
    for (const which of ['nonstop', 'live'] as const) {
      const test = await this.#testChangedSource(which, before, changes);
      if (!test) continue;
      if (!test.ok) {
        throw new HttpError(422, 'SOURCE_TEST_FAILED', `${test.message}. Niets opgeslagen.`);
      }
      sourceTests[which] = test;
    }
    const saved = await this.#settings.update(definedOnly(changes));
    let after = saved;
    if (this.#builtInUrl !== null && !hasText(saved.nonstopUrl)) {
      await this.#settings.useBuiltInStationAsNonstop(this.#builtInUrl);
      after = await this.#settings.get();
    }
    const publicAfter = toPublicSettings(after);
    if (JSON.stringify(toPublicSettings(before)) !== JSON.stringify(publicAfter)) {
      this.#changed(publicAfter);
    }
    return { response: { settings: this.view(after), sourceTests }, before, after };
  }

  /**
   * Tests a URL without saving: with `apiKey`, else the stored key of `which` (on its own
   * address only), else none.
   */
  async testSource(body: {
    url: string;
    apiKey?: string | null;
    which?: StationSourceName;
  }): Promise<SourceTestResult> {
    const which = body.which ?? 'nonstop';
    const row = await this.#settings.get();
    const key =
      body.apiKey !== undefined
        ? body.apiKey
        : body.which
          ? storedKeyFor(row, body.which, body.url)
          : null;
    return this.#test(which, row, body.url, key);
  }

  /**
   * Internal addresses are reached only on the built-in station's origin, the source's stored
   * origin (which an admin configured on purpose, e.g. an AzuraCast on the LAN) and the
   * operator's PRIVATE_SOURCE_ORIGINS.
   */
  #test(
    which: StationSourceName,
    row: DjSettingsRow,
    url: string,
    key: string | null,
  ): Promise<SourceTestResult> {
    const allowedOrigins = [this.#builtInUrl, row[sources[which].url]?.trim() || null]
      .filter((allowed) => allowed !== null)
      .map(stationSourceKey)
      .concat(this.#privateOrigins);
    return this.#testSource(which, url, key, { allowedOrigins });
  }

  /** The test of a source whose URL or key this change alters; null when it needs none. */
  async #testChangedSource(
    which: StationSourceName,
    before: DjSettingsRow,
    changes: AdminSettingsChanges,
  ): Promise<SourceTestResult | null> {
    const fields = sources[which];
    const newUrl = changes[fields.url];
    const newKey = changes[fields.key];
    const url = newUrl === undefined ? before[fields.url]?.trim() || null : newUrl;
    const urlChanged = url !== (before[fields.url]?.trim() || null);
    const keyChanged = newKey !== undefined && newKey !== (before[fields.key] ?? null);
    if (url === null || (!urlChanged && !keyChanged)) return null;
    const key = newKey === undefined ? storedKeyFor(before, which, url) : newKey;
    return this.#test(which, before, url, key);
  }
}

/** Only the fields the admin sent: an absent one stays as it is. */
function definedOnly(changes: AdminSettingsChanges): SettingsFormChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as SettingsFormChanges;
}
