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

export const toggleBodySchema = z.object({
  enabled: z.boolean({ message: 'enabled moet true of false zijn' }),
});
