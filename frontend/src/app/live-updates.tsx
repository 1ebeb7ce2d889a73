import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveHello, NowPlayingResponse, OwnRequest } from '@radio/contracts';
import { useAuthUser } from '@/features/auth/api/get-auth-user';
import { putDjSettings, type DjSettingsResponse } from '@/features/dj-settings/api/get-dj-settings';
import { putNowPlaying, rereadNowPlaying } from '@/features/player/api/get-now-playing';
import { putMyRequest, rereadMyRequests } from '@/features/requests/api/get-my-requests';
import { connectLiveEvents, onLiveEvent } from '@/lib/live-events';
import { useLiveStatus } from '@/lib/live-status';

// Only for a logged-in listener: a visitor's first load does not fetch it.
const RequestAnnouncer = lazy(async () => ({
  default: (await import('./request-announcer')).RequestAnnouncer,
}));

/**
 * Keeps the page's data current from the live stream (GET /api/events): each event carries the
 * body of the GET it stands for and goes straight into the cache, so the header's LIVE badge, the
 * menu, the requests page and the player change at once, without a request (a refetch per event
 * would be a GET from every open page per song). While the stream is down the polls take over;
 * as it goes down, now playing is fetched once for what the stream may have missed.
 *
 * The stream follows the login: the server picks the listener's own events (my-request, their
 * requests as "Mijn verzoekjes" lists them) by the session it was opened with, so it is opened
 * again when the logged-in user changes. A logged-in listener also gets the announcer.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const wasOpen = useRef(false);
  const auth = useAuthUser();
  // Opened once the user is known (not as anonymous first and again as the user).
  const userId = auth.isPending ? undefined : (auth.data?.id ?? null);

  useEffect(() => {
    const stops = [
      onLiveEvent<NowPlayingResponse>('now-playing', (body) => putNowPlaying(queryClient, body)),
      onLiveEvent<DjSettingsResponse>('settings', (body) => putDjSettings(queryClient, body)),
      onLiveEvent<OwnRequest>('my-request', (request) => putMyRequest(queryClient, request)),
      // The server could not say what was missed: the listener's list is read again.
      onLiveEvent<LiveHello>('hello', (hello) => {
        if (hello.resync) rereadMyRequests(queryClient);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);

  useEffect(
    () =>
      userId === undefined
        ? undefined
        : connectLiveEvents(userId === null ? 'guest' : `user-${userId}`),
    [userId],
  );

  useEffect(() => {
    if (status === 'open') wasOpen.current = true;
    if (status !== 'down' || !wasOpen.current) return;
    wasOpen.current = false;
    rereadNowPlaying(queryClient);
  }, [status, queryClient]);

  return userId ? (
    <Suspense fallback={null}>
      <RequestAnnouncer key={userId} />
    </Suspense>
  ) : null;
}
