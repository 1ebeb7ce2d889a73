import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  LIVE_EVENTS_CHANNEL,
  liveEventSchema,
  renderNowPlaying,
  NOW_PLAYING_CHANNEL,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  type NowPlayingSnapshot,
} from '@radio/contracts';
import { createDb, type Db } from '@radio/db';
import { createAzuraCastSource } from '@radio/station';
import {
  azuraCastError,
  azuraCastFixture,
  createTestDatabase,
  fakeStationPaths,
  startFakeStationServer,
  startRedis,
  waitFor,
  type FakeStationServer,
  type RedisServer,
  type TestDatabase,
} from '@radio/testing';
import type { JobInput, JobName } from '@radio/contracts/jobs';
import { jobHandlers, runJob, type JobHandlers } from '../../src/jobs/handlers.ts';
import { linesWith, recordingLogger, type LogLine } from '../support/recording-logger.ts';

/** The fixtures' moment: 2025-05-14 12:33:20 UTC. */
const FIXTURE_MOMENT_MS = 1_747_226_000_000;
const INTERVAL_MS = 10_000;
/** The visible plays of nowplaying.json: the current song and its 5 predecessors. */
const NOW_PLAYING_IDS = ['482907', '482908', '482909', '482910', '482911', '482913'];

let redisServer: RedisServer;
let station: FakeStationServer;
let database: TestDatabase;
let db: Db;
let redis: Redis;
let clock: number;
interface EnqueuedJob {
  name: JobName;
  data: JobInput<JobName>;
}
let enqueued: EnqueuedJob[];
let logLines: LogLine[];

beforeAll(async () => {
  redisServer = await startRedis();
  station = await startFakeStationServer();
});
afterAll(async () => {
  await station.close();
  await redisServer.stop();
});
beforeEach(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  redis = new Redis(redisServer.url);
  await redis.flushall();
  station.reset();
  clock = FIXTURE_MOMENT_MS;
  enqueued = [];
});
afterEach(async () => {
  redis.disconnect();
  await db.destroy();
  await database.drop();
});

/** A worker's handlers (a new set is a restarted worker), on the test clock. */
function startHandlers(): JobHandlers {
  const { log, lines } = recordingLogger();
  logLines = lines;
  return jobHandlers({
    db,
    redis,
    log,
    createSource: createAzuraCastSource,
    ingestIntervalMs: INTERVAL_MS,
    // The backfills are under test here; a source's first poll also asks for a library scan.
    enqueue: async (name, data) => {
      if (name === 'backfill-history') enqueued.push({ name, data });
    },
    now: () => new Date(clock),
  });
}

async function useFakeStation(options: { apiKey?: string; mode?: 'nonstop' | 'live' } = {}) {
  const mode = options.mode ?? 'nonstop';
  const apiKey = options.apiKey ?? null;
  await db
    .updateTable('djSettings')
    .set(
      mode === 'live'
        ? { broadcastingMode: 'live', liveUrl: station.nowPlayingUrl, liveApiKey: apiKey }
        : { nonstopUrl: station.nowPlayingUrl, nonstopApiKey: apiKey },
    )
    .execute();
}

async function poll(handlers: JobHandlers, afterMs = INTERVAL_MS): Promise<void> {
  clock += afterMs;
  await handlers['ingest-now-playing']({});
}

async function storedIds(): Promise<string[]> {
  const rows = await db.selectFrom('playHistory').select('azuracastId').execute();
  return rows.map((row) => row.azuracastId).sort();
}

async function snapshot(): Promise<NowPlayingSnapshot | null> {
  const json = await redis.get(NOW_PLAYING_KEY);
  return json === null ? null : nowPlayingSnapshotSchema.parse(JSON.parse(json));
}

const nowPlayingCalls = (): number =>
  station.requests.filter((request) => request.path === fakeStationPaths.nowplaying).length;

describe('now-playing ingestion', () => {
  it('stays idle while the broadcasting mode has no source, and says so once', async () => {
    const handlers = startHandlers();
    await poll(handlers);
    await poll(handlers);
    await poll(handlers);
    expect(linesWith(logLines, 'no station source configured')).toHaveLength(1);
    expect(await snapshot()).toBeNull();
    expect(station.requests).toHaveLength(0);
  });

  it('stores the current and recent plays once, over repeated polls and a restart', async () => {
    await useFakeStation();
    const subscriber = new Redis(redisServer.url);
    const published: string[] = [];
    subscriber.on('message', (_channel: string, message: string) => published.push(message));
    await subscriber.subscribe(NOW_PLAYING_CHANNEL);
    try {
      const handlers = startHandlers();
      await poll(handlers);
      await poll(handlers);
      await poll(handlers);
      await poll(startHandlers());

      expect(await storedIds()).toEqual(NOW_PLAYING_IDS);
      const rows = await db.selectFrom('playHistory').selectAll().execute();
      expect(new Set(rows.map((row) => row.source))).toEqual(new Set([station.url]));
      expect(rows.find((row) => row.azuracastId === '482913')).toMatchObject({
        title: 'Zoutelande',
        artist: 'BLØF',
        album: 'Aan',
        duration: 188,
        playedAt: new Date(1_747_225_928_000),
      });

      const stored = await snapshot();
      expect(stored).toMatchObject({
        stationName: 'Radio Polderklank',
        isLive: false,
        isStale: false,
        current: { playedAt: 1_747_225_928, duration: 188, song: { title: 'Zoutelande' } },
        observedAt: clock,
        pollIntervalMs: INTERVAL_MS,
      });
      expect(stored?.history.map((play) => play.song.title)).toEqual([
        'Als het avond is',
        'Sorry',
        'Radar Love',
        'Arcade',
        "Nobody's Wife",
      ]);
      await waitFor(async () => published.length === 4, 'four publications');
      expect(JSON.parse(published.at(-1) ?? '')).toEqual(stored);
    } finally {
      subscriber.disconnect();
    }
  });

  it('publishes a live now-playing event only when what listeners see changes', async () => {
    await useFakeStation();
    const subscriber = new Redis(redisServer.url);
    const events: unknown[] = [];
    subscriber.on('message', (_channel: string, message: string) =>
      events.push(JSON.parse(message)),
    );
    await subscriber.subscribe(LIVE_EVENTS_CHANNEL);
    try {
      const handlers = startHandlers();
      await poll(handlers);
      await poll(handlers);
      await poll(handlers);
      await waitFor(async () => events.length === 1, 'the first live event');
      const first = liveEventSchema.parse(events[0]);
      if (first.type !== 'now-playing') throw new Error(`a ${first.type} event`);
      const stored = await snapshot();
      expect(first).toEqual({
        id: 1,
        type: 'now-playing',
        user: null,
        data: renderNowPlaying(stored, first.data.generated_at * 1000, 'Radio Lokaal'),
      });
      expect(first.data.now_playing?.song.title).toBe('Zoutelande');
      expect(first.data.is_stale).toBe(false);

      // The source fails: the first failure changes nothing visible, the second marks it stale.
      station.respond(fakeStationPaths.nowplaying, azuraCastError(500, 'Database kapot'));
      await poll(handlers);
      await poll(handlers);
      await waitFor(async () => events.length === 2, 'the stale event');
      const stale = liveEventSchema.parse(events[1]);
      expect(stale).toMatchObject({ id: 2, type: 'now-playing', data: { is_stale: true } });
      // No third event: a marker sent after the polls is the next message.
      await redis.publish(LIVE_EVENTS_CHANNEL, JSON.stringify({ marker: true }));
      await waitFor(async () => events.length === 3, 'the marker');
      expect(events[2]).toEqual({ marker: true });
    } finally {
      subscriber.disconnect();
    }
  });

  it('follows the source of the broadcasting mode', async () => {
    await db
      .updateTable('djSettings')
      .set({ nonstopUrl: 'http://127.0.0.1:1/api/nowplaying/1' })
      .execute();
    await useFakeStation({ mode: 'live' });
    await poll(startHandlers());
    expect(nowPlayingCalls()).toBe(1);
    expect(await storedIds()).toEqual(NOW_PLAYING_IDS);
  });

  it('keeps the last now playing, marked stale after two failed polls; backs off; recovers', async () => {
    await useFakeStation();
    const handlers = startHandlers();
    await poll(handlers);
    const good = await snapshot();

    station.respond(fakeStationPaths.nowplaying, azuraCastError(500, 'Database kapot'));
    const attempts: number[] = [];
    const staleAfter: boolean[] = [];
    for (let second = 10; second <= 130; second += 10) {
      const before = nowPlayingCalls();
      await poll(handlers);
      if (nowPlayingCalls() > before) {
        attempts.push(second);
        staleAfter.push((await snapshot())?.isStale ?? false);
      }
      // Garbage is as bad as an error.
      if (second === 30) station.respond(fakeStationPaths.nowplaying, { text: '<html>oeps' });
    }
    // The second poll comes one interval after the first failure; then waits 20, 40, 60 s.
    expect(attempts).toEqual([10, 20, 40, 80]);
    // One failed poll may be a blip; the second marks it stale.
    expect(staleAfter).toEqual([false, true, true, true]);
    expect(await snapshot()).toEqual({ ...good, isStale: true });
    const failures = linesWith(logLines, 'station source failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, source: station.url });

    station.reset();
    await poll(handlers, 10_000); // 140 s: the next attempt is due
    expect(nowPlayingCalls()).toBe(1);
    expect(await snapshot()).toMatchObject({ isStale: false, observedAt: clock });
    expect(linesWith(logLines, 'station source recovered')).toEqual([
      expect.objectContaining({ downForSeconds: 130 }),
    ]);
    await poll(handlers);
    expect(linesWith(logLines, 'station source failed')).toHaveLength(1);
    expect(await storedIds()).toEqual(NOW_PLAYING_IDS);
  });

  it('backfills the plays an outage missed from the history, once each', async () => {
    await useFakeStation({ apiKey: 'sleutel:geheim' });
    // Before the outage only Doe Maar (482905) was known.
    const before = azuraCastFixture('nowplaying') as Record<string, unknown>;
    const history = azuraCastFixture('history') as Array<Record<string, unknown>>;
    const doeMaar = history.find((row) => row.sh_id === 482905) as Record<string, unknown>;
    before.now_playing = { ...doeMaar, elapsed: 3, remaining: 242 };
    before.song_history = [];
    station.respond(fakeStationPaths.nowplaying, { json: before });
    clock = (doeMaar.played_at as number) * 1000;
    const handlers = startHandlers();
    await poll(handlers);
    const firstStart = enqueued.shift();
    expect(firstStart?.data).toEqual({
      from: new Date(clock - 48 * 3_600_000).toISOString(),
      to: new Date(clock).toISOString(),
    });
    const lastGood = clock;

    station.respond(fakeStationPaths.nowplaying, azuraCastError(500, 'Database kapot'));
    await poll(handlers);
    station.reset();
    clock = FIXTURE_MOMENT_MS;
    await poll(handlers, 0);

    expect(enqueued).toEqual([
      {
        name: 'backfill-history',
        data: {
          from: new Date(lastGood - 5 * 60_000).toISOString(),
          to: new Date(clock).toISOString(),
        },
      },
    ]);
    // Typhoon (482906) played during the outage; the hidden jingle (482912) is not a song.
    expect(await storedIds()).toEqual(['482905', ...NOW_PLAYING_IDS]);
    const restarted = startHandlers();
    await runJob(restarted, 'backfill-history', enqueued[0]?.data);
    await runJob(restarted, 'backfill-history', enqueued[0]?.data);
    expect(await storedIds()).toEqual(['482905', '482906', ...NOW_PLAYING_IDS]);

    const historyCall = station.requests.find((r) => r.path === fakeStationPaths.history);
    expect(historyCall?.headers['x-api-key']).toBe('sleutel:geheim');
    expect(historyCall?.query).toEqual({
      start: `${new Date(lastGood - 5 * 60_000).toISOString().slice(0, 19)}+00:00`,
      end: `${new Date(clock).toISOString().slice(0, 19)}+00:00`,
    });
    expect(linesWith(logLines, 'play history backfilled')).toEqual([
      expect.objectContaining({ source: station.url, added: 1 }),
      expect.objectContaining({ added: 0 }),
    ]);
  });

  it('asks for no backfill without an API key (the history needs one)', async () => {
    await useFakeStation();
    await poll(startHandlers());
    expect(enqueued).toEqual([]);
  });

  it('refuses backfill job data that is not a window', async () => {
    await expect(
      runJob(startHandlers(), 'backfill-history', { from: 'gisteren' }),
    ).rejects.toThrow();
  });
});
