import { queryOptions, useQuery } from '@tanstack/react-query';
import { availableDateSchema, type AvailableDate } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const availableDatesQueryKey = ['playlist', 'available-dates'] as const;

/** The days of the archive, newest first. */
export async function fetchAvailableDates(): Promise<AvailableDate[]> {
  const dates = await apiJson(availableDateSchema.array(), 'GET', '/api/playlist/available-dates');
  return dates.toSorted((a, b) => b.value.localeCompare(a.value));
}

export const availableDatesQueryOptions = queryOptions({
  queryKey: availableDatesQueryKey,
  queryFn: fetchAvailableDates,
});

export function useAvailableDates() {
  return useQuery(availableDatesQueryOptions);
}
