import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@radio/contracts';
import { ApiError, apiJson } from '@/lib/api-client';

const USER_STALE_MS = 5 * 60 * 1000;
/** Tries after a failure that is not a 401 (503, network); the delays grow (1 s, 2 s, 4 s...). */
const USER_RETRIES = 4;

export const authUserQueryKey = ['auth', 'user'] as const;

/**
 * The logged-in user, or null. Only a 401 means nobody is logged in: any other failure (a 503
 * during an outage, no network) is thrown, so the query retries and keeps the last known user.
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
  retry: USER_RETRIES,
});

export function useAuthUser() {
  return useQuery(authUserQueryOptions);
}
