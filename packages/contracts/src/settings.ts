import { z } from 'zod';

export const broadcastingModeSchema = z.enum(['nonstop', 'live']);
export type BroadcastingMode = z.infer<typeof broadcastingModeSchema>;

/** What anyone may read of dj_settings: never API keys, URLs that carry keys, or the ARL. */
export const publicDjSettingsSchema = z.object({
  requestsEnabled: z.boolean(),
  /** Alternate spelling the UI also reads (spec section 3). */
  requestEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  broadcastingMode: broadcastingModeSchema,
  isLive: z.boolean(),
  libraryName: z.string(),
  maxRequestsPerIp: z.number().int(),
  maxRequestsPerBrowser: z.number().int(),
  trackCooldownHours: z.number().int(),
  artistCooldownHours: z.number().int(),
});
export type PublicDjSettings = z.infer<typeof publicDjSettingsSchema>;

/** PATCH /api/admin/broadcasting-mode (spec section 7). */
export const broadcastingModeBodySchema = z.object({
  mode: z.enum(['nonstop', 'live'], { message: 'Ongeldige modus: kies nonstop of live' }),
});

/**
 * Its answer: the public settings, and what went to the station's request API (AzuraCast) on a
 * switch to nonstop: the requests approved during the live show, sent or not (AzuraCast refused
 * or was unreachable; they are tried again at the next switch or start).
 */
export const broadcastingModeResponseSchema = publicDjSettingsSchema.extend({
  stationSubmissions: z.object({
    sent: z.number().int().nonnegative(),
    notSent: z.number().int().nonnegative(),
  }),
});
export type BroadcastingModeResponse = z.infer<typeof broadcastingModeResponseSchema>;

export const toggleBodySchema = z.object({
  enabled: z.boolean({ message: 'enabled moet true of false zijn' }),
});
