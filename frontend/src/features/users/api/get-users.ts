import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const usersQueryKey = ['admin', 'users'] as const;

export const fetchUsers = (): Promise<User[]> => apiJson<User[]>('GET', '/api/admin/users');

export const usersQueryOptions = queryOptions({ queryKey: usersQueryKey, queryFn: fetchUsers });

/** Every account, for the admin's users tab. */
export function useUsers() {
  return useQuery(usersQueryOptions);
}
