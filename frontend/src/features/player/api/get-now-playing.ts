import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { NowPlayingResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-status';

/** Spec section 9: now playing is polled every 30 seconds (and fetched on load). */
const NOW_PLAYING_POLL_MS = 30_000;

export const nowPlayingQueryKey = ['now-playing'] as const;

export function fetchNowPlaying(): Promise<NowPlayingResponse> {
  return apiJson<NowPlayingResponse>('GET', '/api/now-playing');
}

export const nowPlayingQueryOptions = queryOptions({
  queryKey: nowPlayingQueryKey,
  queryFn: fetchNowPlaying,
  refetchInterval: NOW_PLAYING_POLL_MS,
  // The lock screen shows the song while the tab is hidden, so the poll goes on in the background.
  refetchIntervalInBackground: true,
  // A page opened again after a poll interval loads afresh instead of showing an old song first.
  staleTime: NOW_PLAYING_POLL_MS,
  retry: false,
});

/**
 * What the station plays now and played before; polled while a component shows it, except while
 * the live stream is open: it then pushes each change into the cache (app/live-updates.tsx), so
 * the cached answer is current and the poll waits until the stream is down again.
 */
export function useNowPlaying() {
  const isPushed = useLiveStatus() === 'open';
  return useQuery({
    ...nowPlayingQueryOptions,
    refetchInterval: isPushed ? false : NOW_PLAYING_POLL_MS,
    staleTime: isPushed ? Infinity : NOW_PLAYING_POLL_MS,
  });
}

/** Now playing as the live stream pushes it: the cached answer is replaced by the event's body. */
export function putNowPlaying(queryClient: QueryClient, body: NowPlayingResponse): void {
  queryClient.setQueryData(nowPlayingQueryKey, body);
}

/** Now playing fetched again (the live stream went down and may have missed a change). */
export function rereadNowPlaying(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: nowPlayingQueryKey });
}
