import type http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const send = (): void => {
    response.writeHead(fake.status ?? fixtureStatus, {
      'content-type':
        fake.contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json'),
    });
    response.end(body);
  };
  if (!fake.delayMs) return send();
  const timer = setTimeout(send, fake.delayMs);
  response.once('close', () => clearTimeout(timer));
}

/** Listens on a free loopback port; the server never keeps the test process alive. */
export async function listenOnLoopback(
  server: http.Server,
): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
