import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedRequest } from './fake-station.ts';

/**
 * Listens on a free loopback port, unref'd (a fake never keeps the test process alive); answers
 * its base URL and how to close it.
 */
export async function listenOnLoopback(
  server: http.Server,
): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs `send` after `delayMs` (at once for 0), unless the client has gone by then. */
export function answerAfter(
  response: http.ServerResponse,
  delayMs: number | undefined,
  send: () => void,
): void {
  if (!delayMs) return send();
  const timer = setTimeout(send, delayMs);
  response.once('close', () => clearTimeout(timer));
}

/** Appends the request to `log`; answers its URL. */
export function recordRequest(request: http.IncomingMessage, log: ReceivedRequest[]): URL {
  const url = new URL(request.url ?? '/', 'http://fake');
  log.push({
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
  });
  return url;
}
