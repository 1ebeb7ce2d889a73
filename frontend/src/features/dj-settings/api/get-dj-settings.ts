import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BroadcastingMode, PublicDjSettings } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** The settings the interface acts on. */
export type DjSettings = {
  requestsEnabled: boolean;
  registrationEnabled: boolean;
  broadcastingMode: BroadcastingMode;
  isLive: boolean;
};

/** The station's defaults, also used while the settings are loading or could not be loaded. */
export const DJ_SETTINGS_DEFAULTS: DjSettings = {
  requestsEnabled: true,
  registrationEnabled: false,
  broadcastingMode: 'nonstop',
  isLive: false,
};

// Older servers may leave fields out or spell requestsEnabled as requestEnabled.
export type DjSettingsResponse = Partial<
  Pick<
    PublicDjSettings,
    'requestsEnabled' | 'requestEnabled' | 'registrationEnabled' | 'broadcastingMode' | 'isLive'
  >
>;

export const djSettingsQueryKey = ['dj-settings'] as const;

/** The settings from an answer of GET /api/dj-settings (also pushed as the live `settings` event). */
export function toDjSettings(body: DjSettingsResponse): DjSettings {
  const broadcastingMode = body.broadcastingMode ?? DJ_SETTINGS_DEFAULTS.broadcastingMode;
  return {
    requestsEnabled:
      body.requestsEnabled ?? body.requestEnabled ?? DJ_SETTINGS_DEFAULTS.requestsEnabled,
    registrationEnabled: body.registrationEnabled ?? DJ_SETTINGS_DEFAULTS.registrationEnabled,
    broadcastingMode,
    isLive: body.isLive ?? broadcastingMode === 'live',
  };
}

export async function fetchDjSettings(): Promise<DjSettings> {
  return toDjSettings(await apiJson<DjSettingsResponse>('GET', '/api/dj-settings'));
}

export const djSettingsQueryOptions = queryOptions({
  queryKey: djSettingsQueryKey,
  queryFn: fetchDjSettings,
  // Admins change them rarely; a page opened a minute later shows the change.
  staleTime: 60 * 1000,
  retry: false,
});

export function useDjSettings() {
  return useQuery(djSettingsQueryOptions);
}

/** The public settings as the live stream pushes them (the body of GET /api/dj-settings). */
export function putDjSettings(queryClient: QueryClient, body: DjSettingsResponse): void {
  queryClient.setQueryData(djSettingsQueryKey, toDjSettings(body));
}
