import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlaylistResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const adminPlaylistQueryKey = ['admin', 'playlist'] as const;

/** The built-in station has one machine; the tab always shows machine 1. */
export const PLAYLIST_MACHINE = 1;

const POLL_MS = 15_000;

export const fetchAdminPlaylist = (): Promise<AdminPlaylistResponse> =>
  apiJson<AdminPlaylistResponse>('GET', `/api/admin/playlist?machine=${PLAYLIST_MACHINE}`);

export const adminPlaylistQueryOptions = queryOptions({
  queryKey: adminPlaylistQueryKey,
  queryFn: fetchAdminPlaylist,
  refetchInterval: POLL_MS,
});

/** What the station plays next, read again every 15 s. */
export function useAdminPlaylist() {
  return useQuery(adminPlaylistQueryOptions);
}
