import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const automationQueueQueryKey = ['admin', 'automation-queue'] as const;

/** The built-in station has one machine; the tab always shows machine 1. */
export const QUEUE_MACHINE = 1;

const POLL_MS = 15_000;

export const fetchAutomationQueue = (): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('GET', `/api/admin/playlist?machine=${QUEUE_MACHINE}`);

export const automationQueueQueryOptions = queryOptions({
  queryKey: automationQueueQueryKey,
  queryFn: fetchAutomationQueue,
  refetchInterval: POLL_MS,
});

/** What the station plays next, read again every 15 s. */
export function useAutomationQueue() {
  return useQuery(automationQueueQueryOptions);
}
