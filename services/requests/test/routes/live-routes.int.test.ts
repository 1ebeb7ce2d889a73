import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_ID_KEY,
  NOW_PLAYING_KEY,
  renderNowPlaying,
  type NowPlayingSnapshot,
  type OwnRequest,
  type PublicDjSettings,
} from '@radio/contracts';
import { LiveEventPublisher, type ServiceApp } from '@radio/service-kit';
import { waitFor } from '@radio/testing';
import { createTestApp, TestClient, type TestApp } from '@radio/service-kit/testing';
import { buildRequestsApp } from '../build.ts';
import { seedTrack } from '../requests/seed.ts';
import { SseStream } from '../live/sse-client.ts';

const snapshot: NowPlayingSnapshot = {
  stationName: 'Radio Polderklank',
  isLive: false,
  isStale: false,
  current: {
    playedAt: Math.floor(Date.now() / 1000) - 20,
    duration: 200,
    elapsed: 20,
    song: { artist: 'Doe Maar', title: 'Is dit alles', album: null },
  },
  history: [],
  observedAt: Date.now(),
  listeners: null,
  playingNext: null,
  pollIntervalMs: 3_600_000,
};

let t: TestApp;
let urlA: string;
let copyB: ServiceApp;
let admin: TestClient;
let adminB: TestClient;
const streams: SseStream[] = [];

async function open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await SseStream.open(url, headers);
  streams.push(stream);
  return stream;
}

/** hello, then (resync) the current now playing and settings. */
async function openResynced(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ stream: SseStream; id: string }> {
  const stream = await open(url, headers);
  const hello = await stream.nextEvent();
  expect(hello.event).toBe('hello');
  expect(JSON.parse(hello.data ?? '')).toMatchObject({ resync: true });
  const nowPlaying = await stream.nextEvent();
  const settings = await stream.nextEvent();
  expect([nowPlaying.event, settings.event]).toEqual(['now-playing', 'settings']);
  return { stream, id: settings.id ?? '' };
}

const settingsOf = (frame: { data?: string }): PublicDjSettings =>
  JSON.parse(frame.data ?? '') as PublicDjSettings;

beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
  await t.app.redis.set(NOW_PLAYING_KEY, JSON.stringify(snapshot));
  urlA = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/events`;
  // A second copy of the service on the same database and Redis.
  copyB = await buildRequestsApp(t.env);
  await copyB.listen({ host: '127.0.0.1', port: 0 });
  admin = await t.as('admin');
  adminB = new TestClient(copyB, Object.fromEntries(admin.cookies));
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await copyB.close();
  await t.close();
});

describe('GET /api/events', () => {
  it('starts with retry, hello and the current now playing and settings', async () => {
    const stream = await open(urlA);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const hello = await stream.nextEvent();
    const retry = Number(stream.frames[0]?.retry);
    expect(retry).toBeGreaterThanOrEqual(2_000);
    expect(retry).toBeLessThanOrEqual(5_000);
    expect(hello.id).toBeUndefined();
    const helloData = JSON.parse(hello.data ?? '') as { serverTime: number; resync: boolean };
    expect(helloData.resync).toBe(true);
    expect(Math.abs(helloData.serverTime - Date.now())).toBeLessThan(2_000);

    const nowPlaying = await stream.nextEvent();
    expect(nowPlaying.event).toBe('now-playing');
    expect(nowPlaying.id).toMatch(/^\d+$/);
    const expected = renderNowPlaying(snapshot, Date.now(), 'x');
    expect(JSON.parse(nowPlaying.data ?? '')).toMatchObject({
      station: expected.station,
      now_playing: { played_at: expected.now_playing?.played_at, song: expected.now_playing?.song },
      is_live: false,
      is_stale: false,
    });
    const settings = await stream.nextEvent();
    expect(settings.event).toBe('settings');
    expect(settingsOf(settings)).toEqual((await t.client().get('/api/dj-settings')).json());
  });

  it('sends the settings as they are in the database (changed by SQL) on connect', async () => {
    await t.app.db.updateTable('djSettings').set({ libraryName: 'Gewijzigd met SQL' }).execute();
    const stream = await open(urlA);
    await stream.nextEvent();
    await stream.nextEvent();
    expect(settingsOf(await stream.nextEvent()).libraryName).toBe('Gewijzigd met SQL');
  });

  it('delivers a switch made through the API within a second, on this copy and the other', async () => {
    const { stream: onA } = await openResynced(urlA);
    const { stream: onB } = await openResynced(`${urlA.replace(/:\d+\//, `:${port(copyB)}/`)}`);
    const started = Date.now();
    // Made on copy B: reaches the stream on copy A (and B's own).
    const answer = await adminB.patch('/api/admin/toggle-requests', { enabled: false });
    expect(answer.statusCode).toBe(200);
    const eventA = await onA.nextEvent(1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(eventA.event).toBe('settings');
    expect(settingsOf(eventA)).toEqual(answer.json());
    expect(settingsOf(await onB.nextEvent(1_000)).requestsEnabled).toBe(false);

    const mode = await admin.patch('/api/admin/broadcasting-mode', { mode: 'live' });
    expect(mode.statusCode).toBe(200);
    const live = await onB.nextEvent(1_000);
    expect(settingsOf(live)).toMatchObject({ broadcastingMode: 'live', isLive: true });
    expect(Number(live.id)).toBeGreaterThan(Number(eventA.id));
    await admin.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' });
    await admin.patch('/api/admin/toggle-requests', { enabled: true });
  });

  it('publishes a settings event for a saved settings form that changed public fields', async () => {
    const { stream } = await openResynced(urlA);
    const saved = await admin.patch('/api/admin/settings', { trackCooldownHours: 5 });
    expect(saved.statusCode).toBe(200);
    expect(settingsOf(await stream.nextEvent(1_000)).trackCooldownHours).toBe(5);
  });

  it('replays what a reconnecting page missed after its Last-Event-ID', async () => {
    const { stream } = await openResynced(urlA);
    // Another page on this copy stays open: once it has the missed events, so has the copy.
    const { stream: witness } = await openResynced(urlA);
    await admin.post('/api/dj-settings/registration', { enabled: true });
    const seen = await stream.nextEvent(1_000);
    stream.close();
    expect((await witness.nextEvent(1_000)).id).toBe(seen.id);
    await admin.post('/api/dj-settings/registration', { enabled: false });
    await admin.patch('/api/admin/settings', { libraryName: 'Gemist' });
    await witness.nextEvent(1_000);
    expect(Number((await witness.nextEvent(1_000)).id)).toBe(Number(seen.id) + 2);

    for (const reconnect of [
      () => open(urlA, { 'last-event-id': seen.id ?? '' }),
      () => open(`${urlA}?lastEventId=${seen.id ?? ''}`),
    ]) {
      const again = await reconnect();
      const hello = await again.nextEvent();
      expect(JSON.parse(hello.data ?? '')).toMatchObject({ resync: false });
      // Two settings events missed: collapsed to the last.
      const missed = await again.nextEvent();
      expect(missed.event).toBe('settings');
      expect(Number(missed.id)).toBe(Number(seen.id) + 2);
      expect(settingsOf(missed)).toMatchObject({
        registrationEnabled: false,
        libraryName: 'Gemist',
      });
      await expect(again.nextEvent(300)).rejects.toThrow(/no event/);
    }
  });

  it('resyncs a page whose id this copy does not know', async () => {
    const stream = await open(urlA, { 'last-event-id': '987654321' });
    const hello = await stream.nextEvent();
    expect(JSON.parse(hello.data ?? '')).toMatchObject({ resync: true });
    expect((await stream.nextEvent()).event).toBe('now-playing');
    expect((await stream.nextEvent()).event).toBe('settings');
  });

  it("routes a listener's own events to that listener's streams only", async () => {
    const listener = await t.createUser();
    const cookies = (await t.clientFor(listener)).cookies;
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const { stream: own } = await openResynced(urlA, { cookie });
    const { stream: anonymous } = await openResynced(urlA);
    const publisher = new LiveEventPublisher(t.app.redis, (error) => {
      throw error;
    });
    const settings = (await t.client().get('/api/dj-settings')).json() as PublicDjSettings;
    const id = await publisher.publish(
      'settings',
      { ...settings, libraryName: 'Alleen voor jou' },
      listener.id,
    );
    const event = await own.nextEvent(1_000);
    expect(Number(event.id)).toBe(id);
    expect(settingsOf(event).libraryName).toBe('Alleen voor jou');
    await expect(anonymous.nextEvent(300)).rejects.toThrow(/no event/);
  });

  it('tells a listener, and only them, that an admin approved their request', async () => {
    const cookieOf = async (): Promise<{ client: TestClient; cookie: string }> => {
      const client = await t.clientFor(await t.createUser({ name: 'Verzoeker' }));
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      return { client, cookie };
    };
    const owner = await cookieOf();
    const other = await cookieOf();
    // The switch's settings event reached this copy before the streams below open.
    const { stream: watcher } = await openResynced(urlA);
    await admin.patch('/api/admin/broadcasting-mode', { mode: 'live' });
    await watcher.nextEvent(1_000);
    try {
      const { stream: own } = await openResynced(urlA, { cookie: owner.cookie });
      const { stream: others } = await openResynced(urlA, { cookie: other.cookie });
      const submitted = await owner.client.post('/api/requests', {
        libraryTrackId: await seedTrack(t.app.db),
      });
      expect(submitted.statusCode).toBe(201);
      const id = (submitted.json() as OwnRequest).id;
      const pending = await own.nextEvent(1_000);
      expect(pending.event).toBe('my-request');
      expect(JSON.parse(pending.data ?? '')).toEqual(submitted.json());

      const approved = await admin.patch(`/api/requests/${id}/status`, { status: 'approved' });
      expect(approved.statusCode).toBe(200);
      const event = await own.nextEvent(1_000);
      expect(event.event).toBe('my-request');
      const mine = (await owner.client.get('/api/requests/mine')).json() as { data: OwnRequest[] };
      expect(JSON.parse(event.data ?? '')).toEqual(mine.data.find((request) => request.id === id));
      expect(JSON.parse(event.data ?? '')).toMatchObject({ id, status: 'approved' });
      await expect(others.nextEvent(300)).rejects.toThrow(/no event/);
    } finally {
      await admin.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' });
    }
  });

  it('ends its streams when its subscription drops; ids from before a lost event resync', async () => {
    const subscribed = async (): Promise<void> =>
      waitFor(async () => {
        const probe = await SseStream.open(urlA);
        probe.close();
        return probe.status === 200;
      }, 'copy A subscribed again');

    // Nothing published meanwhile (the counter says so): the page resumes without a resync.
    const first = await openResynced(urlA);
    await t.app.redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await first.stream.ended;
    await subscribed();
    const resumed = await open(urlA, { 'last-event-id': first.id });
    expect(JSON.parse((await resumed.nextEvent()).data ?? '')).toMatchObject({ resync: false });

    // An event published while the copy was not subscribed (in the same step as the drop).
    const second = await openResynced(urlA);
    await t.app.redis
      .multi()
      .call('CLIENT', 'KILL', 'TYPE', 'pubsub')
      .incr(LIVE_EVENT_ID_KEY)
      .exec();
    await second.stream.ended;
    await subscribed();
    const lost = await open(urlA, { 'last-event-id': second.id });
    expect(JSON.parse((await lost.nextEvent()).data ?? '')).toMatchObject({ resync: true });
  });

  it('answers 406 JSON without Accept: text/event-stream, refuses another site (403), and ends a HEAD', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ code: 'NOT_ACCEPTABLE', message: expect.any(String) });
    const crossSite = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { accept: 'text/event-stream', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/events',
      headers: { accept: 'text/event-stream' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/event-stream/);
  });

  it('ends its streams at once when the copy shuts down', async () => {
    const copyC = await buildRequestsApp(t.env);
    const address = await copyC.listen({ host: '127.0.0.1', port: 0 });
    const stream = await open(`${address}/api/events`);
    await stream.nextEvent();
    const started = Date.now();
    await copyC.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stream.frames.at(-1)?.retry).toMatch(/^\d+$/);
  });
});

function port(app: ServiceApp): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}
