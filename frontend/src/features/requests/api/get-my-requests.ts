import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OwnRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** "Mijn verzoekjes": read again as often as the recently played list (status, played time). */
const MY_REQUESTS_POLL_MS = 30_000;

export const myRequestsQueryKey = ['my-requests'] as const;

type MyRequests = { data: OwnRequest[]; total: number };

export function fetchMyRequests(): Promise<MyRequests> {
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

/** "Mijn verzoekjes" with one request as the server now has it (new ones first); undefined: not read yet. */
function withRequest(list: MyRequests | undefined, request: OwnRequest): MyRequests | undefined {
  if (!list) return undefined;
  if (!list.data.some((item) => item.id === request.id)) {
    return { data: [request, ...list.data], total: list.total + 1 };
  }
  return { ...list, data: list.data.map((item) => (item.id === request.id ? request : item)) };
}

/** A listener's request as a live event brings it, put into "Mijn verzoekjes". */
export function putMyRequest(queryClient: QueryClient, request: OwnRequest): void {
  queryClient.setQueryData<MyRequests>(myRequestsQueryKey, (list) => withRequest(list, request));
}

/** "Mijn verzoekjes" read again (the live stream could not say what was missed). */
export function rereadMyRequests(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: myRequestsQueryKey });
}
