import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_OVERVIEW_PATH, type AdminOverview } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** Spec section 9: polled like now playing, every 30 seconds, while the overview is open. */
const OVERVIEW_POLL_MS = 30_000;

export const adminOverviewQueryKey = ['admin', 'overview'] as const;

export const fetchAdminOverview = (): Promise<AdminOverview> =>
  apiJson<AdminOverview>('GET', ADMIN_OVERVIEW_PATH);

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminOverviewQueryKey,
  queryFn: fetchAdminOverview,
  refetchInterval: OVERVIEW_POLL_MS,
  staleTime: OVERVIEW_POLL_MS,
  // A failure shows at once, with a button to try again; the next poll tries on its own.
  retry: false,
});

/** The station at a glance for the admin's Overview tab; polled while it is shown. */
export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
