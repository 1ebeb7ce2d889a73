import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NowPlayingResponse } from '@radio/contracts';
import {
  djSettingsQueryKey,
  toDjSettings,
  type DjSettingsResponse,
} from '@/features/dj-settings/api/get-dj-settings';
import { nowPlayingQueryKey } from '@/features/player/api/get-now-playing';
import { connectLiveEvents, onLiveEvent } from '@/lib/live-events';
import { useLiveStatus } from '@/lib/live-status';

/**
 * Keeps the page's data current from the live stream (GET /api/events): each event carries the
 * body of the GET it stands for and goes straight into the cache, so the header's LIVE badge, the
 * menu, the requests page and the player change at once, without a request (a refetch per event
 * would be a GET from every open page per song). While the stream is down the polls take over;
 * as it goes down, now playing is fetched once for what the stream may have missed.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const wasOpen = useRef(false);

  useEffect(() => {
    const stops = [
      onLiveEvent<NowPlayingResponse>('now-playing', (body) =>
        queryClient.setQueryData(nowPlayingQueryKey, body),
      ),
      onLiveEvent<DjSettingsResponse>('settings', (body) =>
        queryClient.setQueryData(djSettingsQueryKey, toDjSettings(body)),
      ),
      connectLiveEvents(),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);

  useEffect(() => {
    if (status === 'open') wasOpen.current = true;
    if (status !== 'down' || !wasOpen.current) return;
    wasOpen.current = false;
    void queryClient.invalidateQueries({ queryKey: nowPlayingQueryKey });
  }, [status, queryClient]);

  return null;
}
