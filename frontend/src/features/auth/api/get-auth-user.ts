import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@radio/contracts';
import { ApiError, apiJson } from '@/lib/api-client';

const USER_STALE_MS = 5 * 60 * 1000;

export const authUserQueryKey = ['auth', 'user'] as const;

/**
 * The logged-in user, or null after a 401. Any other failure (a 503 during an outage, no
 * network) also leaves no user, without retrying (spec section 7): the guards send the visitor
 * to /auth as after a 401. It is thrown, so that /auth can say the service could not tell
 * whether they are logged in; a user already known is kept.
 */
export async function fetchAuthUser(): Promise<User | null> {
  try {
    return await apiJson<User>('GET', '/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const authUserQueryOptions = queryOptions({
  queryKey: authUserQueryKey,
  queryFn: fetchAuthUser,
  staleTime: USER_STALE_MS,
  retry: false,
  // The header, a guard and /auth all read the user: a failed answer is not asked again when
  // the next one mounts (the button on /auth asks again).
  retryOnMount: false,
});

export function useAuthUser() {
  return useQuery(authUserQueryOptions);
}

/** After an account change: the user the server answered is shown at once, and read again. */
export function useSetAuthUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(authUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: authUserQueryKey });
    },
    [queryClient],
  );
}
