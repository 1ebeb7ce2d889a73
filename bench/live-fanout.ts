/**
 * Live event fan-out for `make bench`: pages holding GET /api/events through the gateway, each a
 * raw socket that only reads the `id:` lines, and a now-playing event published as the worker
 * publishes it (LiveEventPublisher: an id from Redis, then the pub/sub channel the requests
 * service fans out). For each of EVENTS events: how long until every page had it. Also the
 * requests service's and the gateway's memory per open stream, and now playing and the archive
 * timed beside the streams and without them, in the same run. One JSON line on stdout.
 *   node bench/live-fanout.ts <gateway base URL> <pages> <redis URL> <requests pid> <gateway pid>
 *     <hold s> <API path>...
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as IoRedis from 'ioredis';
import type { NowPlayingResponse } from '../packages/contracts/src/index.ts';
import { LiveEventPublisher } from '../packages/service-kit/src/live/live-event-publisher.ts';
import { runProbe } from './api-probe.ts';
import { rampUp, rawGet, type RawClient } from './raw-clients.ts';
import { percentile } from './stats.ts';

// The bench is not a workspace package: ioredis comes from the service kit's dependencies.
const { Redis } = createRequire(new URL('../packages/service-kit/package.json', import.meta.url))(
  'ioredis',
) as typeof IoRedis;

const EVENTS = 10;
const EVENT_GAP_MS = 1_000;
const OPEN_TIMEOUT_MS = 60_000;
const EVENT_TIMEOUT_MS = 10_000;

interface Page extends RawClient {
  /** When each event id arrived (performance.now()). */
  seen: Map<number, number>;
}

function openPage(base: URL): Page {
  const seen = new Map<number, number>();
  let tail = '';
  const client = rawGet(base, '/api/events', ['Accept: text/event-stream'], (chunk) => {
    const at = performance.now();
    const lines = (tail + chunk.toString('latin1')).split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('id: ')) seen.set(Number(line.slice(4)), at);
    }
  });
  return Object.assign(client, { seen });
}

/** Resident memory of a process (kB), and of its children (nginx's workers). */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}
function childrenRssKb(pid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .reduce((sum, line) => sum + Number(line.trim()), 0);
}

async function nowPlayingBody(base: string): Promise<NowPlayingResponse> {
  const response = await fetch(new URL('/api/now-playing', base));
  if (!response.ok) throw new Error(`GET /api/now-playing: ${response.status}`);
  return (await response.json()) as NowPlayingResponse;
}

const [
  base = '',
  pagesArg = '3000',
  redisUrl = '',
  requestsPid = '',
  gatewayPid = '',
  hold = '10',
  ...paths
] = process.argv.slice(2);
const pageCount = Number(pagesArg);
const url = new URL(base);

const apiAlone = await runProbe(base, Number(hold), paths);
const requestsBefore = rssKb(Number(requestsPid));
const gatewayBefore = childrenRssKb(Number(gatewayPid));

const pages: Page[] = [];
const redis = new Redis(redisUrl, { lazyConnect: true });
try {
  const openSeconds = await rampUp(pages, pageCount, () => openPage(url), 50, OPEN_TIMEOUT_MS);
  await sleep(2_000);
  const requestsAfter = rssKb(Number(requestsPid));
  const gatewayAfter = childrenRssKb(Number(gatewayPid));

  await redis.connect();
  const publisher = new LiveEventPublisher(redis, (error) => {
    throw error;
  });
  const body = await nowPlayingBody(base);
  const live = pages.filter((p) => p.ok && !p.closed);
  const lastArrivals: number[] = [];
  const allArrivals: number[] = [];
  let missed = 0;
  for (let n = 0; n < EVENTS; n++) {
    const sentAt = performance.now();
    const id = await publisher.publish('now-playing', {
      ...body,
      generated_at: body.generated_at + n + 1,
    });
    if (id === null) throw new Error('the event was not published');
    const by = Date.now() + EVENT_TIMEOUT_MS;
    while (Date.now() < by && live.some((p) => !p.seen.has(id))) await sleep(5);
    const arrivals = live
      .map((p) => p.seen.get(id))
      .filter((at): at is number => at !== undefined)
      .map((at) => at - sentAt)
      .sort((a, b) => a - b);
    missed += live.length - arrivals.length;
    lastArrivals.push(arrivals.at(-1) ?? Number.NaN);
    allArrivals.push(...arrivals);
    await sleep(EVENT_GAP_MS);
  }
  const apiBeside = await runProbe(base, Number(hold), paths);
  allArrivals.sort((a, b) => a - b);
  lastArrivals.sort((a, b) => a - b);
  const opened = pages.filter((p) => p.ok).length;
  process.stdout.write(
    `${JSON.stringify({
      pages: pageCount,
      opened,
      dropped: pages.filter((p) => p.closed).length,
      openSeconds,
      events: EVENTS,
      missed,
      arrivalP50: percentile(allArrivals, 50),
      arrivalP99: percentile(allArrivals, 99),
      lastMedian: percentile(lastArrivals, 50),
      lastWorst: lastArrivals.at(-1) ?? Number.NaN,
      requestsRssKbPerStream: (requestsAfter - requestsBefore) / opened,
      gatewayRssKbPerStream: (gatewayAfter - gatewayBefore) / opened,
      requestsRssMb: requestsAfter / 1024,
      load: loadavg()[0],
      apiAlone,
      apiBeside,
    })}\n`,
  );
} finally {
  for (const page of pages) page.socket.destroy();
  redis.disconnect();
}
