import { useEffect, useState } from 'react';
import { heardNow } from './server-clock';

/** heardNow(), read again every `intervalMs`. */
export function useHeardNow(intervalMs = 1000): number {
  const [now, setNow] = useState(heardNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(heardNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
