import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedRequest } from './fake-station.ts';

/**
 * Listens on a loopback port (a free one by default), unref'd (a fake never keeps the test process alive); answers
 * its base URL and how to close it.
 */
export async function listenOnLoopback(
  server: http.Server,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
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

/** How a fake answers instead of its fixture. Unset fields keep the fixture's answer. */
export interface FakeResponse {
  /** Default 200. */
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (plain-text errors, broken JSON); wins over `json`. */
  text?: string;
  /** Default: application/json, or text/plain for `text`. */
  contentType?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Sent as the Location header (redirects). */
  location?: string;
}

/** Answers as `fake` says, with the fixture (JSON text) and its status for what it leaves unset. */
export function sendFake(
  response: http.ServerResponse,
  fake: FakeResponse,
  fixture: string,
  fixtureStatus = 200,
): void {
  const isText = fake.text !== undefined;
  const body = fake.text ?? (fake.json === undefined ? fixture : JSON.stringify(fake.json));
  answerAfter(response, fake.delayMs, () => {
    response.writeHead(fake.status ?? fixtureStatus, {
      'content-type':
        fake.contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json'),
      ...(fake.location === undefined ? {} : { location: fake.location }),
    });
    response.end(body);
  });
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
