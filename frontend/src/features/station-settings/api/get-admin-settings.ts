import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

/** The settings tab's values; API keys and the ARL only as set or not. */
export const fetchAdminSettings = (): Promise<AdminSettings> =>
  apiJson<AdminSettings>('GET', '/api/admin/settings');

export const adminSettingsQueryOptions = queryOptions({
  queryKey: adminSettingsQueryKey,
  queryFn: fetchAdminSettings,
  retry: false,
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}

/** The settings are read again (say after the Deezer ARL was saved: `deezerArlSet` changed). */
export function useRefreshAdminSettings(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
    [queryClient],
  );
}
