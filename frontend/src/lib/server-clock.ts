/**
 * The server's clock as this page knows it: the offsets of the live stream's hellos
 * (lib/live-events.ts writes them). Apart from the stream's code, so readers do not load it.
 */
const CLOCK_SAMPLES = 5;
/** serverTime − Date.now() at each hello, newest last. */
const clockOffsets: number[] = [];

/** A hello's serverTime (unix ms), as it arrived. */
export function noteServerTime(serverTime: number): void {
  clockOffsets.push(serverTime - Date.now());
  if (clockOffsets.length > CLOCK_SAMPLES) clockOffsets.shift();
}

/** The server's clock now (ms), from the median offset of the last hellos; Date.now() before any. */
export function serverNow(): number {
  if (clockOffsets.length === 0) return Date.now();
  const sorted = [...clockOffsets].sort((a, b) => a - b);
  return Date.now() + sorted[Math.floor(sorted.length / 2)]!;
}

let listenerDelay: () => number = () => 0;

/**
 * The player tells how far behind the live edge the listener hears (ms; 0 when not playing).
 * Returns its undo.
 */
export function setListenerDelay(delay: () => number): () => void {
  listenerDelay = delay;
  return () => {
    if (listenerDelay === delay) listenerDelay = () => 0;
  };
}

/** The station's time as it reaches the listener's ear: server time minus the player's delay. */
export function heardNow(): number {
  return serverNow() - Math.max(0, listenerDelay());
}
