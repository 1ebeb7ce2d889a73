import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { OwnRequest } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { myRequestsQueryOptions } from '@/features/requests/api/get-my-requests';
import { isOnAir } from '@/features/requests/lib/request-stage';
import { onLiveEvent } from '@/lib/live-events';
import { heardNow as readHeardNow } from '@/lib/server-clock';

export const ON_AIR_TEXT = 'Je verzoekje wordt nu gedraaid!';
/** How often the heard time is looked at (a song's start is announced within this). */
const CHECK_MS = 1_000;
/** The request ids announced in this tab's session (each is announced once). */
const ANNOUNCED_KEY = 'radio:announced-requests';

function announcedIds(): number[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(ANNOUNCED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function markAnnounced(id: number): void {
  try {
    sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...announcedIds(), id].slice(-50)));
  } catch {
    // Without storage it may be announced again after a reload: no harm.
  }
}

const songOf = (request: OwnRequest) => `${request.title} – ${request.artist}`;

/** A notification the listener allowed; some browsers (Android Chrome) refuse one without a worker. */
function notify(request: OwnRequest): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(ON_AIR_TEXT, { body: songOf(request), tag: `request-${request.id}` });
  } catch {
    // The banner says it.
  }
}

/**
 * On every page of a logged-in listener: when one of their requests starts playing as they hear
 * it (lib/server-clock's heardNow, so with the player on it waits for the player's delay), a
 * banner says "Je verzoekje wordt nu gedraaid!" with the song, and, if they allowed it, a
 * browser notification. Once per request in this tab's session. It knows the requests from
 * "Mijn verzoekjes" when that was read (without reading it itself) and from my-request events.
 */
export function RequestAnnouncer() {
  const { data: listed } = useQuery({ ...myRequestsQueryOptions, enabled: false });
  const known = useRef<{ pushed: OwnRequest[]; listed: OwnRequest[] }>({ pushed: [], listed: [] });
  const [shown, setShown] = useState<OwnRequest | null>(null);
  const [heardNow, setHeardNow] = useState(readHeardNow);

  useEffect(() => {
    known.current.listed = listed?.data ?? [];
  }, [listed]);

  useEffect(() => {
    const check = () => {
      const now = readHeardNow();
      setHeardNow(now);
      const { pushed, listed } = known.current;
      const onAir = [...pushed, ...listed].find((request) => isOnAir(request, now));
      if (!onAir || announcedIds().includes(onAir.id)) return;
      markAnnounced(onAir.id);
      setShown(onAir);
      notify(onAir);
    };
    const stop = onLiveEvent<OwnRequest>('my-request', (request) => {
      const { pushed } = known.current;
      known.current.pushed = [request, ...pushed.filter((item) => item.id !== request.id)];
      check();
    });
    const timer = setInterval(check, CHECK_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, []);

  const visible = shown && isOnAir(shown, heardNow) ? shown : null;
  return (
    <div
      // A polite live region that is there before its text (not role status: pages have theirs).
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4"
    >
      {visible && (
        <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border bg-card p-4 text-sm shadow-lg">
          <div className="grid gap-1">
            <p className="font-semibold">{ON_AIR_TEXT}</p>
            <p className="text-muted-foreground">{songOf(visible)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-my-2 -mr-2 size-8"
            aria-label="Sluiten"
            onClick={() => setShown(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}
