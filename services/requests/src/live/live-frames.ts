import type { LiveEventType, LiveHello } from '@radio/contracts';

/**
 * One SSE frame: `data` is JSON (one line: JSON.stringify never writes a raw newline). Events of
 * the live channel carry their `id:`; `hello` has none, so a browser's Last-Event-ID stays as is.
 */
export function eventFrame(event: LiveEventType | 'hello', data: unknown, id?: number): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const helloFrame = (hello: LiveHello): string => eventFrame('hello', hello);

/** How long a browser waits before it reconnects. */
export const retryFrame = (ms: number): string => `retry: ${Math.round(ms)}\n\n`;

/** A whole number of ms in [min, max]: spreads the reconnections of many pages. */
export const jitter = (min: number, max: number, random: () => number = Math.random): number =>
  Math.round(min + (max - min) * random());

/**
 * The event id a reconnecting browser sent (Last-Event-ID, or `?lastEventId=` when the page
 * opened a new EventSource); null when absent or not a decimal id.
 */
export function parseEventId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
