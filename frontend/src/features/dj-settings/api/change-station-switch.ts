import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BroadcastingMode, PublicDjSettings } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { djSettingsQueryKey } from './get-dj-settings';

/** One of the admin's station switches (spec section 7), each its own call. */
export type StationSwitch =
  | { kind: 'requests'; enabled: boolean }
  | { kind: 'registration'; enabled: boolean }
  | { kind: 'mode'; mode: BroadcastingMode };

export function changeStationSwitch(change: StationSwitch): Promise<PublicDjSettings> {
  switch (change.kind) {
    case 'requests':
      return apiJson('PATCH', '/api/admin/toggle-requests', { enabled: change.enabled });
    case 'registration':
      return apiJson('POST', '/api/dj-settings/registration', { enabled: change.enabled });
    case 'mode':
      return apiJson('PATCH', '/api/admin/broadcasting-mode', { mode: change.mode });
  }
}

/** Changes a switch; the settings are read again afterwards, whether it worked or not. */
export function useChangeStationSwitch({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeStationSwitch> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changeStationSwitch,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: djSettingsQueryKey });
      return onSettled?.(...args);
    },
  });
}
