import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

const USER_CACHE_MS = 5 * 60 * 1000;

export const authUserQueryKey = ['auth', 'user'] as const;

/** The logged-in user, or null: a 401 and every other failure mean nobody is logged in. */
export async function fetchAuthUser(): Promise<User | null> {
  try {
    return await apiJson(userSchema, 'GET', '/api/auth/user');
  } catch {
    return null;
  }
}

export const authUserQueryOptions = queryOptions({
  queryKey: authUserQueryKey,
  queryFn: fetchAuthUser,
  staleTime: USER_CACHE_MS,
  retry: false,
});

export function useAuthUser() {
  return useQuery(authUserQueryOptions);
}
