import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** Spec section 9: the requests played in the last 24 hours are polled every 30 s (not live). */
const RECENT_POLL_MS = 30_000;

export const recentRequestsQueryKey = ['recent-requests'] as const;

export function fetchRecentRequests(): Promise<{ data: PublicRequest[]; total: number }> {
  return apiJson('GET', '/api/recent-requests');
}

export const recentRequestsQueryOptions = queryOptions({
  queryKey: recentRequestsQueryKey,
  queryFn: fetchRecentRequests,
  refetchInterval: RECENT_POLL_MS,
  staleTime: RECENT_POLL_MS,
});

export function useRecentRequests(enabled: boolean) {
  return useQuery({ ...recentRequestsQueryOptions, enabled });
}
