import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** Spec section 9: the upcoming requests are polled every 15 s while the station is not live. */
const PENDING_POLL_MS = 15_000;

export const pendingRequestsQueryKey = ['pending-requests'] as const;

export function fetchPendingRequests(): Promise<{ data: PublicRequest[]; total: number }> {
  return apiJson('GET', '/api/pending-requests');
}

export const pendingRequestsQueryOptions = queryOptions({
  queryKey: pendingRequestsQueryKey,
  queryFn: fetchPendingRequests,
  refetchInterval: PENDING_POLL_MS,
  staleTime: PENDING_POLL_MS,
});

export function usePendingRequests(enabled: boolean) {
  return useQuery({ ...pendingRequestsQueryOptions, enabled });
}
