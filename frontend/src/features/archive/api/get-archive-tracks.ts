import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { PlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import { ARCHIVE_STALE_MS } from './archive-stale-time';

/** An hour of the day, "0" to "23", or "all" for the whole day. */
export type HourChoice = string;

export function archiveTracksQueryKey(date: string | null, hour: HourChoice | null) {
  return ['archive', 'tracks', date, hour] as const;
}

/** The plays of a day or of one of its hours, newest first (the server's order). */
export function fetchArchiveTracks(date: string, hour: HourChoice): Promise<PlaylistResponse> {
  const query = new URLSearchParams({ date, hour });
  return apiJson<PlaylistResponse>('GET', `/api/playlist?${query}`);
}

/** The plays load only when both a day and an hour (or "all") are chosen (spec section 4). */
export function archiveTracksQueryOptions(date: string | null, hour: HourChoice | null) {
  return queryOptions({
    queryKey: archiveTracksQueryKey(date, hour),
    queryFn: date === null || hour === null ? skipToken : () => fetchArchiveTracks(date, hour),
    staleTime: ARCHIVE_STALE_MS,
  });
}

export function useArchiveTracks(date: string | null, hour: HourChoice | null) {
  return useQuery(archiveTracksQueryOptions(date, hour));
}
