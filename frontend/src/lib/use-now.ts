import { useEffect, useState } from 'react';

/**
 * A clock's time in milliseconds, read again every `intervalMs`: the page's own by default, or
 * another one (lib/server-clock's heardNow, the station's time as it reaches the listener).
 */
export function useNow(intervalMs = 1000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, clock]);
  return now;
}
