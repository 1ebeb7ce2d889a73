import { hashKey, useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { authUserQueryKey } from './get-auth-user';

export async function logout() {
  await apiRequest('POST', '/api/auth/logout');
}

/**
 * Logs out. The call site's onSuccess runs first (it leaves any protected page); only then is
 * the user forgotten, since a protected page still showing would send the visitor to /auth.
 */
export function useLogout({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof logout> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: logout,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      queryClient.setQueryData(authUserQueryKey, null);
      // Anything else cached may belong to the user who just left: drop what is off screen,
      // reload what is on it.
      const userHash = hashKey(authUserQueryKey);
      const otherThanUser = (query: Query) => query.queryHash !== userHash;
      queryClient.removeQueries({ type: 'inactive', predicate: otherThanUser });
      await queryClient.invalidateQueries({ type: 'active', predicate: otherThanUser });
    },
  });
}
