/**
 * Stream fan-out for `make bench`: listeners of /stream/radio.mp3 through the gateway, ramped in
 * steps, each a raw socket that only counts the bytes it gets. At every step, after the ramp and
 * Icecast's burst-on-connect, it measures for HOLD seconds how many bytes each listener received
 * (a 128 kbps stream is 16,000 B/s) while a separate process times API calls beside them.
 * One JSON line per step on stdout.
 *   node bench/stream-fanout.ts <gateway base URL> <steps, e.g. 500,1000> <hold s> <API path>...
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { runProbe } from './api-probe.ts';
import { rampUp, rawGet, type RawClient } from './raw-clients.ts';
import { percentile } from './stats.ts';

const STREAM_BYTES_PER_SECOND = 16_000;
/** A listener keeps pace when it got at least this share of the stream's bytes in the window. */
const PACE = 0.95;
const SETTLE_MS = 4_000;
const ANSWER_TIMEOUT_MS = 30_000;

interface Listener extends RawClient {
  bytes: number;
}

function listen(base: URL): Listener {
  const listener: Listener = Object.assign(
    rawGet(base, '/stream/radio.mp3', [], (chunk) => {
      listener.bytes += chunk.length;
    }),
    { bytes: 0 },
  );
  return listener;
}

async function fanOut(
  base: string,
  steps: number[],
  holdSeconds: number,
  paths: string[],
): Promise<void> {
  const url = new URL(base);
  const listeners: Listener[] = [];
  try {
    for (const step of steps) {
      // 250 new listeners a second at most: Icecast 2.4 listens with a backlog of 5, and a
      // burst beyond what its accept loop keeps up with loses SYNs (retried after 1, 3, 7 s…).
      const rampSeconds = await rampUp(listeners, step, () => listen(url), 5, ANSWER_TIMEOUT_MS);
      await sleep(SETTLE_MS);
      const before = listeners.map((l) => l.bytes);
      const windowStarted = Date.now();
      const api = await runProbe(base, holdSeconds, paths);
      const seconds = (Date.now() - windowStarted) / 1000;
      const rates = listeners
        .map((l, i) => (l.bytes - (before[i] ?? 0)) / seconds)
        .sort((a, b) => a - b);
      process.stdout.write(
        `${JSON.stringify({
          listeners: step,
          rampSeconds,
          windowSeconds: seconds,
          answered: listeners.filter((l) => l.ok).length,
          dropped: listeners.filter((l) => l.closed).length,
          behind: rates.filter((rate) => rate < PACE * STREAM_BYTES_PER_SECOND).length,
          minRate: rates[0] ?? 0,
          medianRate: percentile(rates, 50),
          load: loadavg()[0],
          api,
        })}\n`,
      );
    }
  } finally {
    for (const l of listeners) l.socket.destroy();
  }
}

const [base = '', steps = '', hold = '15', ...paths] = process.argv.slice(2);
await fanOut(base, steps.split(',').map(Number), Number(hold), paths);
