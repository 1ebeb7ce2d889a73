/**
 * Stream fan-out for `make bench`: listeners of /stream/radio.mp3 through the gateway, ramped in
 * steps, each a raw socket that only counts the bytes it gets. At every step, after the ramp and
 * Icecast's burst-on-connect, it measures for HOLD seconds how many bytes each listener received
 * (a 128 kbps stream is 16,000 B/s) while a separate process times API calls beside them.
 * One JSON line per step on stdout.
 *   node bench/stream-fanout.ts <gateway base URL> <steps, e.g. 500,1000> <hold s> <API path>...
 *   node bench/stream-fanout.ts probe <gateway base URL> <seconds> <API path>...   (the timer)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.ts';

const STREAM_BYTES_PER_SECOND = 16_000;
/** A listener keeps pace when it got at least this share of the stream's bytes in the window. */
const PACE = 0.95;
const SETTLE_MS = 4_000;
const ANSWER_TIMEOUT_MS = 30_000;
const PROBE_INTERVAL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET over a kept-alive connection: milliseconds, or an error. */
function timedGet(agent: http.Agent, url: URL): Promise<{ ms: number; ok: boolean }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          ok: response.statusCode === 200,
        }),
      );
    });
    request.setTimeout(5_000, () => request.destroy());
    request.on('error', () =>
      resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }),
    );
  });
}

async function probe(base: string, seconds: number, paths: string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const results = await Promise.all(
    paths.map(async (path) => {
      const url = new URL(path, base);
      const times: number[] = [];
      let errors = 0;
      const end = Date.now() + seconds * 1000;
      while (Date.now() < end) {
        const { ms, ok } = await timedGet(agent, url);
        times.push(ms);
        if (!ok) errors++;
        await sleep(PROBE_INTERVAL_MS);
      }
      times.sort((a, b) => a - b);
      return {
        path,
        requests: times.length,
        errors,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? Number.NaN,
      };
    }),
  );
  agent.destroy();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

interface Listener {
  socket: net.Socket;
  bytes: number;
  ok: boolean;
  closed: boolean;
}

function listen(base: URL): Listener {
  const listener: Listener = { socket: new net.Socket(), bytes: 0, ok: false, closed: false };
  const { socket } = listener;
  socket.connect(Number(base.port), base.hostname, () =>
    socket.write(
      `GET /stream/radio.mp3 HTTP/1.1\r\nHost: ${base.host}\r\nUser-Agent: bench\r\n\r\n`,
    ),
  );
  socket.once('data', (chunk: Buffer) => {
    listener.ok = chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 200';
  });
  socket.on('data', (chunk: Buffer) => {
    listener.bytes += chunk.length;
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    listener.closed = true;
  });
  return listener;
}

function runProbe(base: string, seconds: number, paths: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), 'probe', base, String(seconds), ...paths],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited with ${code}`)),
    );
  });
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
      const rampStarted = Date.now();
      // 250 new listeners a second at most: Icecast 2.4 listens with a backlog of 5, and a
      // burst beyond what its accept loop keeps up with loses SYNs (retried after 1, 3, 7 s…).
      while (listeners.length < step) {
        for (let i = 0; i < 5 && listeners.length < step; i++) listeners.push(listen(url));
        await sleep(20);
      }
      const answeredBy = Date.now() + ANSWER_TIMEOUT_MS;
      while (Date.now() < answeredBy && listeners.some((l) => !l.ok && !l.closed)) await sleep(100);
      const rampSeconds = (Date.now() - rampStarted) / 1000;
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

const [mode = '', ...rest] = process.argv.slice(2);
if (mode === 'probe') {
  const [base = '', seconds = '10', ...paths] = rest;
  await probe(base, Number(seconds), paths);
} else {
  const [steps = '', hold = '15', ...paths] = rest;
  await fanOut(mode, steps.split(',').map(Number), Number(hold), paths);
}
