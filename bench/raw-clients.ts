/**
 * Raw HTTP/1.1 GET clients for the fan-out benches (the stream's listeners, the live event
 * pages): thousands of sockets in one process, each reading its answer as it arrives, without an
 * HTTP client's buffering or objects per request.
 */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RawClient {
  socket: net.Socket;
  /** The answer's status line was 200. */
  ok: boolean;
  closed: boolean;
}

/** GET `path` from `base` with the extra header lines `headers`; every chunk goes to `onData`. */
export function rawGet(
  base: URL,
  path: string,
  headers: string[],
  onData: (chunk: Buffer) => void,
): RawClient {
  const client: RawClient = { socket: new net.Socket(), ok: false, closed: false };
  const { socket } = client;
  const request = [`GET ${path} HTTP/1.1`, `Host: ${base.host}`, ...headers, 'User-Agent: bench'];
  socket.connect(Number(base.port), base.hostname, () =>
    socket.write(`${request.join('\r\n')}\r\n\r\n`),
  );
  socket.once('data', (chunk: Buffer) => {
    client.ok = chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 200';
  });
  socket.on('data', onData);
  socket.on('error', () => undefined);
  socket.on('close', () => {
    client.closed = true;
  });
  return client;
}

/**
 * Adds clients made by `open` to `clients` until there are `count`, `perBatch` of them every
 * 20 ms, then waits (at most `answerTimeoutMs`) until each has answered or closed. Returns the
 * seconds that took.
 */
export async function rampUp<T extends RawClient>(
  clients: T[],
  count: number,
  open: () => T,
  perBatch: number,
  answerTimeoutMs: number,
): Promise<number> {
  const started = performance.now();
  while (clients.length < count) {
    for (let i = 0; i < perBatch && clients.length < count; i++) clients.push(open());
    await sleep(20);
  }
  const answeredBy = Date.now() + answerTimeoutMs;
  while (Date.now() < answeredBy && clients.some((c) => !c.ok && !c.closed)) await sleep(100);
  return (performance.now() - started) / 1000;
}
