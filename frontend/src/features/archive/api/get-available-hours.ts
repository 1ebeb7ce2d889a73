import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { AvailableHour } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import { ARCHIVE_STALE_MS } from './archive-stale-time';

export function availableHoursQueryKey(date: string | null) {
  return ['archive', 'available-hours', date] as const;
}

/** The hours of one day that have plays (value "0" to "23", label "HH:00", trackCount). */
export function fetchAvailableHours(date: string): Promise<AvailableHour[]> {
  const query = new URLSearchParams({ date });
  return apiJson<AvailableHour[]>('GET', `/api/playlist/available-hours?${query}`);
}

/** Hours load only after a day is chosen (spec section 4). */
export function availableHoursQueryOptions(date: string | null) {
  return queryOptions({
    queryKey: availableHoursQueryKey(date),
    queryFn: date === null ? skipToken : () => fetchAvailableHours(date),
    staleTime: ARCHIVE_STALE_MS,
  });
}

export function useAvailableHours(date: string | null) {
  return useQuery(availableHoursQueryOptions(date));
}
