import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaylistMoveBody, AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminPlaylistQueryKey } from './get-admin-playlist';

export const movePlaylistEntry = (body: AdminPlaylistMoveBody): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('POST', '/api/admin/playlist/move', body);

/** Moves one entry; the list is read again afterwards, whether it worked or not. */
export function useMovePlaylistEntry({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof movePlaylistEntry> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: movePlaylistEntry,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: adminPlaylistQueryKey });
      return onSettled?.(...args);
    },
  });
}
