import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaylistMoveBody, AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { automationQueueQueryKey } from './get-automation-queue';

export const moveQueueEntry = (body: AdminPlaylistMoveBody): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('POST', '/api/admin/playlist/move', body);

/** Moves one entry; the list is read again afterwards, whether it worked or not. */
export function useMoveQueueEntry({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof moveQueueEntry> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: moveQueueEntry,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: automationQueueQueryKey });
      return onSettled?.(...args);
    },
  });
}
