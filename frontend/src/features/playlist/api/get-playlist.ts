import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { PlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import { ARCHIVE_STALE_MS } from './archive-stale-time';

/** An hour of the day, "0" to "23", or "all" for the whole day. */
export type HourChoice = string;

export function playlistQueryKey(date: string | null, hour: HourChoice | null) {
  return ['playlist', 'tracks', date, hour] as const;
}

/** The plays of a day or of one of its hours, newest first (the server's order). */
export function fetchPlaylist(date: string, hour: HourChoice): Promise<PlaylistResponse> {
  const query = new URLSearchParams({ date, hour });
  return apiJson<PlaylistResponse>('GET', `/api/playlist?${query}`);
}

/** The playlist loads only when both a day and an hour (or "all") are chosen (spec section 4). */
export function playlistQueryOptions(date: string | null, hour: HourChoice | null) {
  return queryOptions({
    queryKey: playlistQueryKey(date, hour),
    queryFn: date === null || hour === null ? skipToken : () => fetchPlaylist(date, hour),
    staleTime: ARCHIVE_STALE_MS,
  });
}

export function usePlaylist(date: string | null, hour: HourChoice | null) {
  return useQuery(playlistQueryOptions(date, hour));
}
