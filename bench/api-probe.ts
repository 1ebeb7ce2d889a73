/**
 * API calls timed beside a load for `make bench` (the stream and live-event fan-outs): each path
 * called in turn over one kept-alive connection, a call every 50 ms, for a number of seconds, in a
 * process of its own so the load's event loop does not slow the timer.
 *   runProbe(base, seconds, paths) → [{ path, requests, errors, p50, p99, max }]
 *   node bench/api-probe.ts <gateway base URL> <seconds> <API path>...   (the process)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.ts';

const PROBE_INTERVAL_MS = 50;

export interface ProbeResult {
  path: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

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

export function runProbe(base: string, seconds: number, paths: string[]): Promise<ProbeResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), base, String(seconds), ...paths],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ProbeResult[])
        : reject(new Error(`probe exited with ${code}`)),
    );
  });
}

if (import.meta.main) {
  const [base = '', seconds = '10', ...paths] = process.argv.slice(2);
  await probe(base, Number(seconds), paths);
}
