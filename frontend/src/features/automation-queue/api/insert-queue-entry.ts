import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaylistInsertBody, AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { automationQueueQueryKey } from './get-automation-queue';

export const insertQueueEntry = (body: AdminPlaylistInsertBody): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('POST', '/api/admin/playlist/insert', body);

/** Puts a library track in the queue; the list is read again afterwards, whether it worked or not. */
export function useInsertQueueEntry({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof insertQueueEntry> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: insertQueueEntry,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: automationQueueQueryKey });
      return onSettled?.(...args);
    },
  });
}
