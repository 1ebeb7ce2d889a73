import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW_PLAYING_CHANNEL, NOW_PLAYING_KEY, type NowPlayingSnapshot } from '@radio/contracts';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { waitFor } from '@radio/testing';
import { buildPlaylistApp } from '../build.ts';

const NOW_MS = Date.parse('2026-11-21T14:00:00.400Z');
const NOW = NOW_MS / 1000;

const snapshot: NowPlayingSnapshot = {
  stationName: 'Radio Polderklank',
  isLive: true,
  isStale: false,
  current: {
    playedAt: Math.floor(NOW) - 80,
    duration: 188,
    elapsed: 70,
    song: { artist: 'BLØF', title: 'Zoutelande', album: 'Aan' },
  },
  history: [
    {
      playedAt: Math.floor(NOW) - 300,
      song: { artist: 'Anouk', title: "Nobody's Wife", album: null },
    },
  ],
  observedAt: NOW_MS - 10_000,
  listeners: null,
  playingNext: null,
  pollIntervalMs: 10_000,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildPlaylistApp);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (ms: number): void => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
};

async function publish(value: NowPlayingSnapshot): Promise<void> {
  const json = JSON.stringify(value);
  await t.app.redis.set(NOW_PLAYING_KEY, json);
  await t.app.redis.publish(NOW_PLAYING_CHANNEL, json);
}

const nowPlaying = (headers: Record<string, string> = {}) =>
  t.client().get('/api/now-playing', { headers });

describe('GET /api/now-playing', () => {
  it('names the configured station and plays nothing before the worker has reported', async () => {
    at(NOW_MS);
    const response = await nowPlaying();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      station: { name: 'Radio Lokaal' },
      is_live: false,
      is_stale: false,
      now_playing: null,
      song_history: [],
      generated_at: Math.floor(NOW),
    });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers['x-accel-expires']).toBe('1');
  });

  it('follows the worker through pub/sub, counting elapsed and remaining in whole seconds', async () => {
    await publish(snapshot);
    at(NOW_MS);
    await waitFor(async () => (await nowPlaying()).json().now_playing !== null, 'publication');
    expect((await nowPlaying()).json()).toEqual({
      station: { name: 'Radio Polderklank' },
      is_live: true,
      is_stale: false,
      now_playing: {
        played_at: Math.floor(NOW) - 80,
        duration: 188,
        elapsed: 80,
        remaining: 108,
        song: { artist: 'BLØF', title: 'Zoutelande', album: 'Aan' },
      },
      song_history: [
        {
          played_at: Math.floor(NOW) - 300,
          song: { artist: 'Anouk', title: "Nobody's Wife", album: null },
        },
      ],
      generated_at: Math.floor(NOW),
    });

    // Observed 10 s before NOW: two 10 s polls (and the 5 s the last may wait) missed by +15 s,
    // with no worker left to mark it.
    at(NOW_MS + 15_000);
    expect((await nowPlaying()).json().is_stale).toBe(false);
    at(NOW_MS + 16_000);
    expect((await nowPlaying()).json().is_stale).toBe(true);

    at(NOW_MS + 500_000);
    const ended = (await nowPlaying()).json();
    expect(ended.now_playing).toMatchObject({ elapsed: 188, remaining: 0 });
    expect(ended.is_stale).toBe(true);
  });

  it('answers 304 to a client that has this second’s answer, 200 once it changed', async () => {
    await publish(snapshot);
    at(NOW_MS);
    await waitFor(async () => (await nowPlaying()).json().now_playing !== null, 'publication');
    const first = await nowPlaying();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await nowPlaying({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await nowPlaying({ 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await nowPlaying({ 'if-none-match': '"iets-anders"' })).statusCode).toBe(200);

    await publish({ ...snapshot, isStale: true });
    await waitFor(async () => (await nowPlaying()).json().is_stale === true, 'stale publication');
    const changed = await nowPlaying({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    at(NOW_MS + 1_000);
    const nextSecond = await nowPlaying({ 'if-none-match': String(changed.headers.etag) });
    expect(nextSecond.statusCode).toBe(200);
    expect(nextSecond.json().now_playing.elapsed).toBe(81);
  });

  it('starts from what Redis holds, and shows the fallback name when the source has none', async () => {
    await publish({ ...snapshot, stationName: '' });
    const second = await buildPlaylistApp({ ...t.env, STATION_NAME: 'Radio Dorpsplein' });
    try {
      at(NOW_MS);
      const response = await second.inject({ method: 'GET', url: '/api/now-playing' });
      expect(response.json()).toMatchObject({
        station: { name: 'Radio Dorpsplein' },
        now_playing: { song: { title: 'Zoutelande' } },
      });
    } finally {
      await second.close();
    }
  });
});
