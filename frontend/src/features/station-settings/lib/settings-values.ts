import type { AdminSettings, SettingsField, UpdateAdminSettingsResponse } from '@radio/contracts';

export const TEXT_FIELDS = ['nonstopUrl', 'liveUrl', 'localStreamUrl', 'libraryName'] as const;
export const NUMBER_FIELDS = [
  'maxRequestsPerIp',
  'maxRequestsPerBrowser',
  'trackCooldownHours',
  'artistCooldownHours',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
export type NumberField = (typeof NUMBER_FIELDS)[number];

export type FormValues = Record<TextField | NumberField, string> & {
  /** Typed keys: empty leaves the stored key as it is. */
  nonstopApiKey: string;
  liveApiKey: string;
  clearNonstopApiKey: boolean;
  clearLiveApiKey: boolean;
};

export type SourceTests = UpdateAdminSettingsResponse['sourceTests'];
export type FieldErrors = Partial<Record<SettingsField, string>>;

export const SOURCES = {
  nonstop: {
    url: 'nonstopUrl',
    key: 'nonstopApiKey',
    clear: 'clearNonstopApiKey',
    keySet: 'nonstopApiKeySet',
    title: 'Nonstop',
  },
  live: {
    url: 'liveUrl',
    key: 'liveApiKey',
    clear: 'clearLiveApiKey',
    keySet: 'liveApiKeySet',
    title: 'Live',
  },
} as const;

export function valuesOf(saved: AdminSettings): FormValues {
  return {
    nonstopUrl: saved.nonstopUrl ?? '',
    liveUrl: saved.liveUrl ?? '',
    localStreamUrl: saved.localStreamUrl,
    libraryName: saved.libraryName,
    maxRequestsPerIp: String(saved.maxRequestsPerIp),
    maxRequestsPerBrowser: String(saved.maxRequestsPerBrowser),
    trackCooldownHours: String(saved.trackCooldownHours),
    artistCooldownHours: String(saved.artistCooldownHours),
    nonstopApiKey: '',
    liveApiKey: '',
    clearNonstopApiKey: false,
    clearLiveApiKey: false,
  };
}

/** A number when it reads as one; anything else goes to the schema as is, to get its message. */
const asNumber = (value: string): number | string =>
  /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** Only what differs from the saved settings: the server tests a source only when it changed. */
export function changesOf(values: FormValues, saved: AdminSettings): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== (saved[field] ?? '')) changes[field] = values[field];
  }
  for (const field of NUMBER_FIELDS) {
    if (values[field].trim() !== String(saved[field])) changes[field] = asNumber(values[field]);
  }
  for (const source of Object.values(SOURCES)) {
    if (values[source.clear]) changes[source.key] = null;
    else if (values[source.key] !== '') changes[source.key] = values[source.key];
  }
  return changes;
}

/** Whether a save will test a source first (its URL or key changed). */
export function sourceChanged(values: FormValues, saved: AdminSettings): boolean {
  return Object.values(SOURCES).some(
    (source) =>
      values[source.url].trim() !== (saved[source.url] ?? '') ||
      values[source.key] !== '' ||
      values[source.clear],
  );
}
