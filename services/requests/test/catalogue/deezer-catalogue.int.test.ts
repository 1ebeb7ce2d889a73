import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { HttpError } from '@radio/service-kit';
import { DeezerApi } from '@radio/station';
import {
  FAKE_DEEZER_TRACK_ID,
  startFakeDeezer,
  startRedis,
  type FakeDeezer,
  type RedisServer,
} from '@radio/testing';
import {
  DEEZER_RATE_LIMIT,
  DeezerCatalogue,
  type DeezerCatalogueOptions,
} from '../../src/catalogue/deezer-catalogue.ts';
import { catalogueTrackLookup } from '../../src/requests/deezer-track-lookup.ts';

let redisServer: RedisServer;
let deezer: FakeDeezer;
let redis: Redis;
const clients: Redis[] = [];
/** The waits DeezerApi asked for before a retry: recorded, not slept. */
let sleeps: number[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
  deezer = await startFakeDeezer();
});
afterAll(async () => {
  await deezer.close();
  await redisServer.stop();
});
beforeEach(async () => {
  deezer.reset();
  sleeps = [];
  redis = connect();
  await redis.flushall();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** `down`: like the service's client during an outage, a command fails at once. */
function connect(url = redisServer.url, down = false): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: !down });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

/** A connected client, as the service's is once it runs. */
async function ready(): Promise<Redis> {
  const client = connect();
  await client.ping();
  return client;
}

/** A copy of the service: its own Redis connection and Deezer client. */
function catalogue(options: Partial<DeezerCatalogueOptions> = {}): DeezerCatalogue {
  return new DeezerCatalogue({
    redis,
    api: new DeezerApi({
      baseUrl: deezer.url,
      timeoutMs: 300,
      sleep: async (ms) => void sleeps.push(ms),
    }),
    ...options,
  });
}

const radarLove = { artist: 'Golden Earring', title: 'Radar Love' };

describe('searching the catalogue', () => {
  it('answers the tracks, and the same query again from the cache', async () => {
    const deezerCatalogue = catalogue();
    const first = await deezerCatalogue.search(radarLove);
    expect(first).toMatchObject({ ok: true, tracks: expect.any(Array) });
    expect(first.ok && first.tracks.map((track) => track.title)).toEqual([
      'Radar Love',
      'Radar Love (Single Edit)',
      'Radar Love (Live)',
      'Radar Love (Unplugged)',
    ]);
    // Case and spacing do not make it another query.
    const again = await deezerCatalogue.search({
      artist: ' golden  EARRING',
      title: 'radar love ',
    });
    expect(again).toEqual(first);
    expect(deezer.calls).toBe(1);
  });

  it('keeps answers for DEEZER_CACHE_HOURS', async () => {
    await catalogue({ cacheHours: 2 }).search(radarLove);
    const [key] = await redis.keys('deezer:v1:search:*');
    expect(await redis.ttl(key!)).toBeGreaterThan(2 * 3_600 - 10);
    expect(await redis.ttl(key!)).toBeLessThanOrEqual(2 * 3_600);
  });

  it('looks up a track of a search without asking Deezer again', async () => {
    const deezerCatalogue = catalogue();
    await deezerCatalogue.search(radarLove);
    const lookup = await deezerCatalogue.track('3108262');
    expect(lookup).toMatchObject({ ok: true, track: { id: '3108262', readable: true } });
    expect(deezer.calls).toBe(1);
  });

  it('looks up a track once, and an unknown one as none, once', async () => {
    const deezerCatalogue = catalogue();
    expect(await deezerCatalogue.track(FAKE_DEEZER_TRACK_ID)).toMatchObject({
      ok: true,
      track: { title: 'Radar Love', isrc: 'NLA017300021' },
    });
    expect(await deezerCatalogue.track('42')).toEqual({ ok: true, track: null });
    await deezerCatalogue.track(FAKE_DEEZER_TRACK_ID);
    await deezerCatalogue.track('42');
    expect(deezer.calls).toBe(2);
  });

  it('answers within Deezer’s own delay', async () => {
    deezer.delayMs = 50;
    const started = performance.now();
    expect((await catalogue().search(radarLove)).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(300);
  });
});

describe("Deezer's failures", () => {
  const cases = [
    ['the quota error (code 4), also after its retry', () => deezer.use('quota'), 'rate-limited'],
    ['"service busy" (code 700), also after its retry', () => deezer.use('busy'), 'unavailable'],
    ['HTTP 500', () => deezer.use('server-error'), 'unavailable'],
    ['junk', () => deezer.use('junk'), 'unavailable'],
    ['no answer within the timeout', () => void (deezer.delayMs = 1_000), 'unavailable'],
  ] as const;
  it.each(cases)('%s: { ok: false }, not cached', async (_name, arrange, reason) => {
    const deezerCatalogue = catalogue();
    arrange();
    expect(await deezerCatalogue.search(radarLove)).toEqual({ ok: false, reason });
    expect(await deezerCatalogue.track(FAKE_DEEZER_TRACK_ID)).toEqual({ ok: false, reason });
    deezer.reset();
    expect((await deezerCatalogue.search(radarLove)).ok).toBe(true);
    expect(deezer.calls).toBe(1);
  });

  it('answers a search that met one quota answer after the wait, and caches it', async () => {
    deezer.failNext(4);
    const deezerCatalogue = catalogue();
    expect(await deezerCatalogue.search(radarLove)).toMatchObject({ ok: true });
    expect(sleeps).toEqual([5_000]);
    expect(deezer.calls).toBe(2);
    expect((await deezerCatalogue.search(radarLove)).ok).toBe(true);
    expect(deezer.calls).toBe(2);
  });

  it('ends a request of a track Deezer stays too busy for in the Dutch 503, after 2 calls', async () => {
    deezer.use('busy');
    const failure = await catalogueTrackLookup(catalogue())(FAKE_DEEZER_TRACK_ID).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      statusCode: 503,
      code: 'DEEZER_UNAVAILABLE',
      message: 'Deezer is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
    });
    expect(deezer.calls).toBe(2);
    expect(sleeps).toEqual([5_000]);
  });

  it('answers { ok: false } at once when Redis is down', async () => {
    const down = connect('redis://127.0.0.1:1', true);
    const started = performance.now();
    expect(await catalogue({ redis: down }).search(radarLove)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(performance.now() - started).toBeLessThan(100);
    expect(deezer.calls).toBe(0);
  });
});

describe('the shared rate limit', () => {
  it('is 25 calls per 5 s by default, half of what Deezer allows an address', () => {
    expect(DEEZER_RATE_LIMIT).toEqual({ max: 25, windowMs: 5_000 });
  });

  it('is shared by every copy of the service, and opens again after the window', async () => {
    const rateLimit = { max: 3, windowMs: 600 };
    const copies = [catalogue({ rateLimit }), catalogue({ redis: await ready(), rateLimit })];
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await copies[i % 2]!.search({ title: `Nummer ${i}` }));
    }
    expect(answers.map((answer) => (answer.ok ? 'ok' : answer.reason))).toEqual([
      'ok',
      'ok',
      'ok',
      'rate-limited',
      'rate-limited',
    ]);
    expect(deezer.calls).toBe(3);
    // A cached query needs no call, so the limit does not stop it.
    expect((await copies[1]!.search({ title: 'Nummer 0' })).ok).toBe(true);
    // Refused until the window has passed (a refusal sends nothing), then answered.
    await expect
      .poll(async () => (await copies[1]!.search({ title: 'Nummer 9' })).ok, { timeout: 5_000 })
      .toBe(true);
    expect(deezer.calls).toBe(4);
  });

  it('counts a retry as a call: without room it is not sent', async () => {
    deezer.failNext(4);
    const tight = catalogue({ rateLimit: { max: 1, windowMs: 5_000 } });
    expect(await tight.search(radarLove)).toEqual({ ok: false, reason: 'rate-limited' });
    expect(deezer.calls).toBe(1);

    await redis.flushall();
    deezer.reset();
    deezer.failNext(4);
    const roomForTwo = catalogue({ rateLimit: { max: 2, windowMs: 5_000 } });
    expect((await roomForTwo.search(radarLove)).ok).toBe(true);
    expect(deezer.calls).toBe(2);
    // The retry took the second slot.
    expect(await roomForTwo.search({ title: 'Zoutelande' })).toEqual({
      ok: false,
      reason: 'rate-limited',
    });
    expect(deezer.calls).toBe(2);
  });

  it('lets exactly the limit through when many searches arrive at once', async () => {
    const rateLimit = { max: 5, windowMs: 5_000 };
    const copies = await Promise.all(
      [0, 1, 2, 3].map(async () => catalogue({ redis: await ready(), rateLimit })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => copies[i % 4]!.search({ title: `Gelijktijdig ${i}` })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    expect(deezer.calls).toBe(5);
  });
});
