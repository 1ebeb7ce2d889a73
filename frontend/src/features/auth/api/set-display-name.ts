import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { authUserQueryKey } from './get-auth-user';

export function setDisplayName(displayName: string): Promise<User> {
  return apiJson<User>('POST', '/api/auth/set-display-name', { displayName });
}

/** Sets the name once; the user is then read again (spec section 7). */
export function useSetDisplayName({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setDisplayName> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: setDisplayName,
    onSuccess: async (user, ...args) => {
      queryClient.setQueryData(authUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: authUserQueryKey });
      return onSuccess?.(user, ...args);
    },
  });
}
