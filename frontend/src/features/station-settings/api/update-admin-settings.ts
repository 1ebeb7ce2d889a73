import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminSettingsBody, UpdateAdminSettingsResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminSettingsQueryKey } from './get-admin-settings';

/** Saves the changed fields; a changed source is tested by the server first (422 when it fails). */
export function updateAdminSettings(
  changes: UpdateAdminSettingsBody,
): Promise<UpdateAdminSettingsResponse> {
  return apiJson<UpdateAdminSettingsResponse>('PATCH', '/api/admin/settings', changes);
}

/** Saves; the settings shown are the server's answer, and are read again whether it worked or not. */
export function useUpdateAdminSettings({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateAdminSettings> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateAdminSettings,
    onSuccess: (answer, ...args) => {
      queryClient.setQueryData(adminSettingsQueryKey, answer.settings);
      return onSuccess?.(answer, ...args);
    },
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey });
      return onSettled?.(...args);
    },
  });
}
