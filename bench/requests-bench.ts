/**
 * The song search and request submits at the requests service (in-process, app.inject), on a
 * throwaway Postgres (200,000 library tracks, bench/seed-library.sql) and Redis, with Deezer faked
 * at its HTTP boundary answering after 50 ms. Every rule is on: the listeners have the default
 * limits, their own address and browser id, the tracks their own artists.
 *   node bench/requests-bench.ts        (one JSON line per phase on stdout)
 * Phases:
 *   - search, cold: each query new (the library searched, Deezer asked), paced under the shared
 *     Deezer limit of 25 calls per 5 s (faster, the catalogue would be skipped, not measured);
 *   - search, cached: the same queries again, one at a time (a listener's wait) and 10 at once
 *     (Deezer answered from Redis);
 *   - submit: 300 listeners × 3 requests (the hourly limit), 20 at once, each accepted request
 *     judged, locked and placed in the automation queue.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEEZER_DOWNLOADER_KEY } from '../packages/contracts/src/index.ts';
import { createDb, createPool, migrateToLatest } from '../packages/db/src/index.ts';
import { parseConfig } from '../packages/service-kit/src/config.ts';
import { createSessionCookie } from '../packages/service-kit/src/testing/session-cookie.ts';
import { startFakeDeezer } from '../packages/testing/src/fake-deezer.ts';
import { startPostgres } from '../packages/testing/src/postgres.ts';
import { startRedis } from '../packages/testing/src/redis.ts';
import { buildApp } from '../services/requests/src/app.ts';
import { requestsEnv } from '../services/requests/src/config.ts';
import { percentile } from './stats.ts';

const LISTENERS = 300;
const REQUESTS_PER_LISTENER = 3;
const SEARCH_CONCURRENCY = 10;
const SUBMIT_CONCURRENCY = 20;
const CACHED_SEARCHES = 1_000;
/** Under the catalogue's shared limit (25 calls per 5 s). */
const COLD_SEARCH_GAP_MS = 220;
const SESSION_SECRET = 'bench-session-secret-that-is-long-enough';
/** The seed's source; as the built-in station, its tracks are queued here (no request API). */
const STATION = 'https://bench.example';

const WORDS = ['zomer', 'avond', 'zee', 'regen', 'liefde', 'dijk', 'molen', 'tulpen', 'fiets'];
const COLD_QUERIES = WORDS.flatMap((first) =>
  WORDS.filter((second) => second !== first).map((second) => ({ title: `${first} ${second}` })),
).slice(0, 40);

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** Runs `work` for each item, `concurrency` at once; answers each one's milliseconds. */
async function timed<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<{ times: number[]; seconds: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        const begin = performance.now();
        await work(item);
        times.push(performance.now() - begin);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const summary = (phase: string, run: { times: number[]; seconds: number }, extra: object) => ({
  phase,
  calls: run.times.length,
  perSecond: Math.round(run.times.length / run.seconds),
  p50: round(percentile(run.times, 50)),
  p99: round(percentile(run.times, 99)),
  ...extra,
});

const postgres = await startPostgres();
const redis = await startRedis();
const deezer = await startFakeDeezer();
deezer.delayMs = 50;
const db = createDb(postgres.url());
try {
  await migrateToLatest(db);
  const pool = createPool(postgres.url(), 1);
  await pool.query(readFileSync(new URL('seed-library.sql', import.meta.url), 'utf8'));
  await pool.end();

  const app = await buildApp(
    parseConfig(requestsEnv, {
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: postgres.url(),
      REDIS_URL: redis.url,
      SESSION_SECRET,
      INTERNAL_TOKEN: 'bench-internal-token',
      STATION_API_KEY: 'bench-station-api-key',
      PUBLIC_ORIGIN: 'http://radio.bench',
      LOG_LEVEL: 'silent',
      DEEZER_API_URL: deezer.url,
      BUILT_IN_STATION_URL: STATION,
    }),
  );
  await app.ready();
  await app.redis.set(DEEZER_DOWNLOADER_KEY, '1');
  await db
    .updateTable('djSettings')
    .set({ deezerArl: 'a'.repeat(192) })
    .execute();

  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: LISTENERS }, (_, i) => ({
        email: `luisteraar${i}@radio.bench`,
        passwordHash: 'not-used',
        name: `Luisteraar ${i}`,
      })),
    )
    .returning('id')
    .execute();
  const listeners = await Promise.all(
    users.map(async ({ id }, i) => ({
      cookies: await createSessionCookie(db, SESSION_SECRET, id),
      address: `10.${Math.floor(i / 250)}.${i % 250}.1`,
      browser: `browser-${i}`,
    })),
  );
  let turn = 0;
  const nextListener = () => listeners[turn++ % listeners.length]!;

  let catalogueSkipped = 0;
  const search = async (query: Record<string, string>) => {
    const listener = nextListener();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/search?${new URLSearchParams(query)}`,
      cookies: listener.cookies,
      remoteAddress: listener.address,
    });
    if (answer.statusCode !== 200) throw new Error(`search ${answer.statusCode}: ${answer.body}`);
    if (!(answer.json() as { catalogueSearched: boolean }).catalogueSearched) catalogueSkipped += 1;
  };

  await search({ title: 'warm up' });
  deezer.reset();
  deezer.delayMs = 50;
  catalogueSkipped = 0;
  const cold = await timed(COLD_QUERIES, 1, async (query) => {
    await search(query);
    await sleep(COLD_SEARCH_GAP_MS);
  });
  // The pause is not the search's: take it off each call.
  cold.times = cold.times.map((ms) => ms - COLD_SEARCH_GAP_MS);
  console.log(
    JSON.stringify(
      summary('search-cold', cold, {
        deezerCalls: deezer.calls,
        catalogueSkipped,
        tracks: 200_000,
      }),
    ),
  );

  catalogueSkipped = 0;
  const callsBefore = deezer.calls;
  const cachedQueries = Array.from(
    { length: CACHED_SEARCHES },
    (_, i) => COLD_QUERIES[i % COLD_QUERIES.length]!,
  );
  for (const concurrency of [1, SEARCH_CONCURRENCY]) {
    const cached = await timed(cachedQueries, concurrency, search);
    console.log(
      JSON.stringify(
        summary('search-cached', cached, {
          deezerCalls: deezer.calls - callsBefore,
          catalogueSkipped,
          concurrency,
        }),
      ),
    );
  }

  // One track per request, each of its own artist: the artist cooldown counts waiting requests.
  const tracks = await db
    .selectFrom('libraryTracks')
    .select(['id', 'artist'])
    .distinctOn('artist')
    .where('requestable', '=', true)
    .orderBy('artist')
    .orderBy('id')
    .limit(LISTENERS * REQUESTS_PER_LISTENER)
    .execute();
  const submits = tracks.map((track, i) => ({
    listener: listeners[i % LISTENERS]!,
    libraryTrackId: Number(track.id),
  }));
  const statuses: Record<number, number> = {};
  const submit = await timed(submits, SUBMIT_CONCURRENCY, async ({ listener, libraryTrackId }) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/requests',
      cookies: listener.cookies,
      remoteAddress: listener.address,
      payload: { source: 'local', libraryTrackId, browserFingerprint: listener.browser },
    });
    statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
  });
  const queued = await db
    .selectFrom('automationQueue')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(
    JSON.stringify(
      summary('submit', submit, {
        statuses,
        queued: Number(queued.count),
        listeners: LISTENERS,
        concurrency: SUBMIT_CONCURRENCY,
      }),
    ),
  );
  await app.close();
} finally {
  await db.destroy();
  await deezer.close();
  await redis.stop();
  await postgres.stop();
}
