import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { publicDjSettingsSchema } from './settings.ts';

/** The ranges the admin may set; the request rules read the values at every request. */
export const SETTINGS_RANGES = {
  maxRequestsPerIp: { min: 1, max: 100 },
  maxRequestsPerBrowser: { min: 1, max: 50 },
  trackCooldownHours: { min: 0, max: 168 },
  artistCooldownHours: { min: 0, max: 168 },
} as const;
export const SETTINGS_URL_MAX = 2000;
export const SETTINGS_API_KEY_MAX = 500;
export const LIBRARY_NAME_MAX = 100;

/** The names the panel gives the fields; every error message names its field this way. */
export const SETTINGS_FIELD_LABELS = {
  nonstopUrl: 'Nonstop-URL',
  nonstopApiKey: 'API-sleutel nonstop',
  liveUrl: 'Live-URL',
  liveApiKey: 'API-sleutel live',
  localStreamUrl: 'Lokale stream-URL',
  libraryName: 'Naam van de bibliotheek',
  maxRequestsPerIp: 'Max. verzoekjes per IP-adres',
  maxRequestsPerBrowser: 'Max. verzoekjes per browser',
  trackCooldownHours: 'Wachttijd per nummer (uren)',
  artistCooldownHours: 'Wachttijd per artiest (uren)',
} as const;
export type SettingsField = keyof typeof SETTINGS_FIELD_LABELS;

type RangedField = keyof typeof SETTINGS_RANGES;

export const rangeMessage = (field: RangedField): string => {
  const { min, max } = SETTINGS_RANGES[field];
  return `${SETTINGS_FIELD_LABELS[field]} moet een heel getal van ${min} tot en met ${max} zijn`;
};

const ranged = (field: RangedField) => {
  const message = rangeMessage(field);
  const { min, max } = SETTINGS_RANGES[field];
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
};

/** A source URL: http(s), trimmed; null or "" clears it. */
const sourceUrl = (field: 'nonstopUrl' | 'liveUrl') => {
  const label = SETTINGS_FIELD_LABELS[field];
  const message = `${label} moet een http(s)-adres zijn van hoogstens ${SETTINGS_URL_MAX} tekens, bijvoorbeeld https://radio.example/api/nowplaying/1`;
  return z
    .string({ message })
    .max(SETTINGS_URL_MAX, { message })
    .transform((value) => value.trim())
    .refine((value) => value === '' || isHttpUrl(value), { message })
    .transform((value) => (value === '' ? null : value))
    .nullable();
};

/** An API key: a string sets it, null or "" clears it. */
const apiKey = (label: string) => {
  const message = `${label} mag hoogstens ${SETTINGS_API_KEY_MAX} tekens hebben, zonder spaties of regeleinden`;
  return z
    .string({ message })
    .max(SETTINGS_API_KEY_MAX, { message })
    .transform((value) => value.trim())
    .refine((value) => !/\s/.test(value), { message })
    .transform((value) => (value === '' ? null : value))
    .nullable();
};

const localStreamMessage = `${SETTINGS_FIELD_LABELS.localStreamUrl} moet een http(s)-adres of een pad dat met / begint zijn, van hoogstens ${SETTINGS_URL_MAX} tekens`;
const libraryNameMessage = `${SETTINGS_FIELD_LABELS.libraryName} moet 1 tot en met ${LIBRARY_NAME_MAX} tekens hebben`;

/**
 * PATCH /api/admin/settings: any subset; an absent field stays as it is. Unknown fields are
 * refused (the switches and the ARL have calls of their own).
 */
export const updateAdminSettingsBodySchema = z.strictObject(
  {
    nonstopUrl: sourceUrl('nonstopUrl').optional(),
    nonstopApiKey: apiKey(SETTINGS_FIELD_LABELS.nonstopApiKey).optional(),
    liveUrl: sourceUrl('liveUrl').optional(),
    liveApiKey: apiKey(SETTINGS_FIELD_LABELS.liveApiKey).optional(),
    localStreamUrl: z
      .string({ message: localStreamMessage })
      .max(SETTINGS_URL_MAX, { message: localStreamMessage })
      .transform((value) => value.trim())
      .refine((value) => isHttpUrl(value) || (/^\/[^/\\\s]/.test(value) && !/\s/.test(value)), {
        message: localStreamMessage,
      })
      .optional(),
    libraryName: z
      .string({ message: libraryNameMessage })
      .max(1000, { message: libraryNameMessage })
      .transform((value) => value.trim())
      .refine((value) => value.length >= 1 && value.length <= LIBRARY_NAME_MAX, {
        message: libraryNameMessage,
      })
      .refine((value) => !/\p{Cc}/u.test(value), { message: libraryNameMessage })
      .optional(),
    maxRequestsPerIp: ranged('maxRequestsPerIp').optional(),
    maxRequestsPerBrowser: ranged('maxRequestsPerBrowser').optional(),
    trackCooldownHours: ranged('trackCooldownHours').optional(),
    artistCooldownHours: ranged('artistCooldownHours').optional(),
  },
  {
    message: 'Onbekend veld: alleen de instellingen van dit formulier kunnen hier worden gewijzigd',
  },
);
export type UpdateAdminSettingsBody = z.input<typeof updateAdminSettingsBodySchema>;
export type AdminSettingsChanges = z.output<typeof updateAdminSettingsBodySchema>;

/** GET /api/admin/settings. API keys and the ARL are write only: whether they are set, never them. */
export const adminSettingsSchema = z.object({
  nonstopUrl: z.string().nullable(),
  nonstopApiKeySet: z.boolean(),
  /** The nonstop source is the built-in station (its URL and key are managed by the service). */
  nonstopIsBuiltIn: z.boolean(),
  liveUrl: z.string().nullable(),
  liveApiKeySet: z.boolean(),
  localStreamUrl: z.string(),
  ...publicDjSettingsSchema.pick({
    libraryName: true,
    maxRequestsPerIp: true,
    maxRequestsPerBrowser: true,
    trackCooldownHours: true,
    artistCooldownHours: true,
  }).shape,
  deezerArlSet: z.boolean(),
  updatedAt: isoDateTime,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const stationSourceNameSchema = z.enum(['nonstop', 'live'], {
  message: 'Kies de bron: nonstop of live',
});
export type StationSourceName = z.infer<typeof stationSourceNameSchema>;

/** What a source answered when it was asked for now playing. */
export const sourceTestResultSchema = z.object({
  ok: z.boolean(),
  /** Dutch: what the source plays now, or what failed. */
  message: z.string(),
  /**
   * UNREACHABLE, TIMEOUT, HTTP_STATUS, NOT_NOW_PLAYING, BAD_URL, PRIVATE_ADDRESS (an internal
   * address that is not allowed) or REDIRECT (sent on to another address) when not ok.
   */
  code: z.string().nullable(),
  stationName: z.string().nullable(),
  isOnline: z.boolean().nullable(),
  nowPlaying: z.object({ artist: z.string(), title: z.string() }).nullable(),
});
export type SourceTestResult = z.infer<typeof sourceTestResultSchema>;

/** The answer of PATCH /api/admin/settings: the settings, and the test of each changed source. */
export const updateAdminSettingsResponseSchema = z.object({
  settings: adminSettingsSchema,
  sourceTests: z.object({
    nonstop: sourceTestResultSchema.optional(),
    live: sourceTestResultSchema.optional(),
  }),
});
export type UpdateAdminSettingsResponse = z.infer<typeof updateAdminSettingsResponseSchema>;

/**
 * POST /api/admin/settings/test-source: tests a URL without saving. The key: `apiKey` when given,
 * else the stored key of `which` (when given; only to the address it was stored for, else 400
 * API_KEY_OTHER_ADDRESS), else none.
 */
export const testSourceBodySchema = z.strictObject(
  {
    url: z
      .string({ message: 'Voer een http(s)-adres in om te testen' })
      .max(SETTINGS_URL_MAX, { message: 'Voer een http(s)-adres in om te testen' })
      .transform((value) => value.trim())
      .refine(isHttpUrl, { message: 'Voer een http(s)-adres in om te testen' }),
    apiKey: apiKey('De API-sleutel').optional(),
    which: stationSourceNameSchema.optional(),
  },
  { message: 'Onbekend veld: geef url, apiKey en/of which' },
);
export type TestSourceBody = z.input<typeof testSourceBodySchema>;
