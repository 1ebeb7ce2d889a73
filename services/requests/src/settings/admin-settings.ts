import {
  SETTINGS_FIELD_LABELS,
  type SettingsField,
  type AdminSettings as AdminSettingsView,
  type AdminSettingsChanges,
  type SourceTestResult,
  type StationSourceName,
  type UpdateAdminSettingsResponse,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError } from '@radio/service-kit';
import type { SettingsFormChanges, SettingsRepository } from './settings-repository.ts';
import { testStationSource } from './source-test.ts';

export interface AdminSettingsOptions {
  settings: Pick<SettingsRepository, 'get' | 'update' | 'useBuiltInStationAsNonstop'>;
  /** The built-in station's now-playing URL, when there is one (its key is in dj_settings). */
  builtInUrl: string | null;
  testSource?: typeof testStationSource;
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
 * The admin's settings form: keys and the ARL are write only (set or not, never shown); a
 * source whose URL or key changes is asked for now playing first, and nothing is saved when it
 * fails. The request rules read dj_settings at every request, so a saved limit applies at once.
 */
export class AdminSettings {
  readonly #settings: AdminSettingsOptions['settings'];
  readonly #builtInUrl: string | null;
  readonly #testSource: typeof testStationSource;

  constructor(options: AdminSettingsOptions) {
    this.#settings = options.settings;
    this.#builtInUrl = options.builtInUrl;
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
    return { response: { settings: this.view(after), sourceTests }, before, after };
  }

  /** Tests a URL without saving: with `apiKey`, else the stored key of `which`, else none. */
  async testSource(body: {
    url: string;
    apiKey?: string | null;
    which?: StationSourceName;
  }): Promise<SourceTestResult> {
    const which = body.which ?? 'nonstop';
    let key = body.apiKey ?? null;
    if (body.apiKey === undefined && body.which) {
      key = (await this.#settings.get())[sources[body.which].key];
    }
    return this.#testSource(which, body.url, key);
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
    const key = newKey === undefined ? before[fields.key] : newKey;
    const urlChanged = url !== (before[fields.url]?.trim() || null);
    const keyChanged = (key ?? null) !== (before[fields.key] ?? null);
    if (url === null || (!urlChanged && !keyChanged)) return null;
    return this.#testSource(which, url, key);
  }
}

/** Only the fields the admin sent: an absent one stays as it is. */
function definedOnly(changes: AdminSettingsChanges): SettingsFormChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as SettingsFormChanges;
}
