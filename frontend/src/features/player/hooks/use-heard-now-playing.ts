import { useEffect, useState } from 'react';
import type { NowPlayingResponse } from '@radio/contracts';
import { heardNow } from '@/lib/server-clock';
import { useNowPlaying } from '../api/get-now-playing';

/** A start further ahead than this is a clock gone wrong, not a buffer: shown at once. */
const MAX_HOLD_MS = 30_000;

/** When the current song of an answer started (unix ms); null when nothing plays. */
export function songStartMs(answer: NowPlayingResponse): number | null {
  const current = answer.now_playing;
  if (!current) return null;
  return current.played_at_ms ?? current.played_at * 1000;
}

/**
 * How long to hold back `next` before showing it in place of `shown` (ms; 0: now): until the
 * listener's heard time reaches the start of its song. A page without the player hears nothing
 * (delay 0), so a song that started is shown at once.
 */
export function holdFor(
  shown: NowPlayingResponse | undefined,
  next: NowPlayingResponse,
  heard: number,
): number {
  const start = songStartMs(next);
  if (shown === undefined || start === null || start === songStartMs(shown)) return 0;
  const wait = start - heard;
  return wait > 0 && wait <= MAX_HOLD_MS ? wait : 0;
}

/**
 * Now playing as the listener hears it: a new song (with the recent songs that go with it) is
 * shown when the player's audio reaches its start, not when the encoder started it, which is
 * as many seconds earlier as the player plays behind the live edge.
 */
export function useHeardNowPlaying() {
  const query = useNowPlaying();
  const latest = query.data;
  const [shown, setShown] = useState(latest);
  useEffect(() => {
    if (latest === undefined || latest === shown) return;
    const timer = setTimeout(() => setShown(latest), holdFor(shown, latest, heardNow()));
    return () => clearTimeout(timer);
  }, [latest, shown]);
  return { ...query, data: shown ?? latest };
}
