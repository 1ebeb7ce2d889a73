import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableDate } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import { ARCHIVE_STALE_MS } from './archive-stale-time';

export const availableDatesQueryKey = ['archive', 'available-dates'] as const;

/** The days of the archive, newest first (the server's order). */
export function fetchAvailableDates(): Promise<AvailableDate[]> {
  return apiJson<AvailableDate[]>('GET', '/api/playlist/available-dates');
}

export const availableDatesQueryOptions = queryOptions({
  queryKey: availableDatesQueryKey,
  queryFn: fetchAvailableDates,
  staleTime: ARCHIVE_STALE_MS,
});

export function useAvailableDates() {
  return useQuery(availableDatesQueryOptions);
}
