import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** "Mijn verzoekjes": read again as often as the recently played list (status, played time). */
const MY_REQUESTS_POLL_MS = 30_000;

export const myRequestsQueryKey = ['my-requests'] as const;

export function fetchMyRequests(): Promise<{ data: OwnRequest[]; total: number }> {
  return apiJson('GET', '/api/requests/mine');
}

export const myRequestsQueryOptions = queryOptions({
  queryKey: myRequestsQueryKey,
  queryFn: fetchMyRequests,
  refetchInterval: MY_REQUESTS_POLL_MS,
  staleTime: MY_REQUESTS_POLL_MS,
});

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions);
}
