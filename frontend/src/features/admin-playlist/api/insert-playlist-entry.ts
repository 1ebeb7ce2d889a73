import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaylistInsertBody, AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminPlaylistQueryKey } from './get-admin-playlist';

export const insertPlaylistEntry = (
  body: AdminPlaylistInsertBody,
): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('POST', '/api/admin/playlist/insert', body);

/** Puts a library track in the queue; the list is read again afterwards, whether it worked or not. */
export function useInsertPlaylistEntry({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof insertPlaylistEntry> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: insertPlaylistEntry,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: adminPlaylistQueryKey });
      return onSettled?.(...args);
    },
  });
}
