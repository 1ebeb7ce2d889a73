import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_OVERVIEW_PATH,
  NOW_PLAYING_HEALTH_KEY,
  NOW_PLAYING_KEY,
  type AdminOverview,
  type NowPlayingSnapshot,
  type SourceHealth,
} from '@radio/contracts';
import type { CloudUploadStatus, RequestStatus } from '@radio/db';
import { builtInNowPlayingUrl } from '@radio/station';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { buildRequestsAppWith } from '../build.ts';
import { BUILT_IN_SOURCE, BUILT_IN_STATION_URL, LIBRARY } from '../queue/built-in-station.ts';
import { updateSettings } from '../requests/seed.ts';

const AZURACAST_URL = 'https://radio.example.nl/api/nowplaying/radio_lokaal';

let now = new Date('2026-05-14T12:00:00Z');
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp(buildRequestsAppWith({ clock: () => now }), {
    LIBRARY_DIR: LIBRARY,
    BUILT_IN_STATION_URL,
    STATION_TZ: 'Europe/Amsterdam',
  });
  admin = await t.as('admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date('2026-05-14T12:00:00Z');
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('cloudUploads').execute();
  await t.app.redis.del(NOW_PLAYING_KEY, NOW_PLAYING_HEALTH_KEY);
  await updateSettings(t.app.db, {
    broadcastingMode: 'nonstop',
    nonstopUrl: builtInNowPlayingUrl(BUILT_IN_STATION_URL),
    nonstopApiKey: 'test-station-api-key',
    liveUrl: null,
  });
});

async function overview(): Promise<AdminOverview> {
  const response = await admin.get(ADMIN_OVERVIEW_PATH);
  expect(response.statusCode).toBe(200);
  return response.json<AdminOverview>();
}

async function seedRequest(requestedAt: string, status: RequestStatus = 'pending'): Promise<void> {
  await t.app.db
    .insertInto('songRequests')
    .values({
      title: 'Tegenwind',
      artist: 'Femke de Wit',
      requesterName: 'Iemand',
      requestedAt,
      status,
    })
    .execute();
}

async function seedUpload(status: CloudUploadStatus): Promise<void> {
  await t.app.db
    .insertInto('cloudUploads')
    .values({
      artist: 'De Dijk',
      title: 'Mag het licht uit',
      originalName: 'licht.mp3',
      submittedBy: 'Iemand',
      objectKey: `uploads/${status}-${Math.random()}.mp3`,
      contentType: 'audio/mpeg',
      sizeBytes: 1000,
      status,
    })
    .execute();
}

function snapshot(changes: Partial<NowPlayingSnapshot> = {}): NowPlayingSnapshot {
  return {
    stationName: 'Radio Lokaal',
    isLive: false,
    isStale: false,
    current: {
      playedAt: Math.floor(now.getTime() / 1000) - 60,
      duration: 200,
      elapsed: 60,
      song: { artist: 'Golden Earring', title: 'Radar Love', album: null },
    },
    history: [],
    listeners: { current: 7, unique: 5 },
    playingNext: null,
    observedAt: now.getTime(),
    pollIntervalMs: 10_000,
    ...changes,
  };
}

async function saveSnapshot(value: NowPlayingSnapshot): Promise<void> {
  await t.app.redis.set(NOW_PLAYING_KEY, JSON.stringify(value));
}

async function saveHealth(value: SourceHealth): Promise<void> {
  await t.app.redis.set(NOW_PLAYING_HEALTH_KEY, JSON.stringify(value));
}

async function queue(...titles: string[]): Promise<void> {
  await t.app.db
    .insertInto('automationQueue')
    .values(
      titles.map((title, i) => ({
        machine: 1,
        // Positions out of insertion order: the playing order is by position.
        position: (titles.length - i) * 1024,
        kind: 'manual' as const,
        title,
        artist: 'Radio Lokaal',
        uri: `${LIBRARY}/Jingles/${title}.mp3`,
        duration: 30,
      })),
    )
    .execute();
}

describe('GET /api/admin/overview', () => {
  it('shows what plays now, the listeners and the source as the worker last saw it', async () => {
    await saveSnapshot(snapshot());

    const body = await overview();

    expect(body.nowPlaying).toEqual({
      artist: 'Golden Earring',
      title: 'Radar Love',
      startedAt: new Date(now.getTime() - 60_000).toISOString(),
      duration: 200,
    });
    expect(body.listeners).toEqual({ current: 7, unique: 5 });
    expect(body.source).toEqual({
      mode: 'nonstop',
      kind: 'builtin',
      lastGoodPollAt: now.toISOString(),
      stale: false,
    });
  });

  it('lists the next three entries of the automation queue in playing order, handed out first', async () => {
    await queue('Vierde', 'Derde', 'Tweede');
    await t.app.db
      .insertInto('automationQueue')
      .values({
        machine: 1,
        position: 99_999,
        kind: 'manual',
        title: 'Eerste',
        uri: `${LIBRARY}/Jingles/Eerste.mp3`,
        handedOutAt: now,
      })
      .execute();
    // Another machine's queue is not what the station plays next.
    await t.app.db
      .insertInto('automationQueue')
      .values({ machine: 2, position: 1, kind: 'manual', title: 'Elders', uri: '/x.mp3' })
      .execute();

    const body = await overview();

    expect(body.next.map((entry) => entry.title)).toEqual(['Eerste', 'Tweede', 'Derde']);
    expect(body.next[1]).toEqual({ artist: 'Radio Lokaal', title: 'Tweede', duration: 30 });
    expect(body.next[0]).not.toHaveProperty('duration');
  });

  it('takes what plays next from AzuraCast’s now playing for an AzuraCast source', async () => {
    await updateSettings(t.app.db, { broadcastingMode: 'live', liveUrl: AZURACAST_URL });
    await queue('Niet van AzuraCast');
    await saveSnapshot(
      snapshot({ playingNext: { artist: 'Doe Maar', title: 'Smoorverliefd', duration: 215 } }),
    );

    const body = await overview();

    expect(body.source).toMatchObject({ mode: 'live', kind: 'azuracast' });
    expect(body.next).toEqual([{ artist: 'Doe Maar', title: 'Smoorverliefd', duration: 215 }]);
  });

  it('counts the requests of today’s station day across the autumn clock change', async () => {
    // 25 October 2026 in Amsterdam lasts 25 hours: 2026-10-24T22:00Z up to 2026-10-25T23:00Z.
    now = new Date('2026-10-25T22:30:00Z');
    await seedRequest('2026-10-24T21:59:00Z'); // 23:59 on the 24th
    await seedRequest('2026-10-24T22:01:00Z', 'played'); // 00:01 on the 25th
    await seedRequest('2026-10-25T12:00:00Z', 'rejected');
    await seedRequest('2026-10-25T22:59:00Z', 'approved'); // 23:59 on the 25th
    await seedRequest('2026-10-25T23:00:00Z'); // 00:00 on the 26th

    const body = await overview();

    expect(body.requestsToday).toBe(3);
    expect(body.requestsWaiting).toBe(3);
  });

  it('counts the requests of today’s station day across the spring clock change', async () => {
    // 29 March 2026 in Amsterdam lasts 23 hours: 2026-03-28T23:00Z up to 2026-03-29T22:00Z.
    now = new Date('2026-03-29T00:30:00Z');
    await seedRequest('2026-03-28T22:59:00Z'); // 23:59 on the 28th
    await seedRequest('2026-03-28T23:00:00Z'); // midnight
    await seedRequest('2026-03-29T21:59:00Z'); // 23:59 on the 29th
    await seedRequest('2026-03-29T22:00:00Z'); // 00:00 on the 30th

    expect((await overview()).requestsToday).toBe(2);
  });

  it('counts waiting requests (pending, approved) and uploads waiting for review', async () => {
    for (const status of ['pending', 'approved', 'approved', 'played', 'rejected'] as const) {
      await seedRequest('2026-05-01T10:00:00Z', status);
    }
    for (const status of ['pending', 'pending', 'approved', 'rejected', 'downloaded'] as const) {
      await seedUpload(status);
    }

    const body = await overview();

    expect(body).toMatchObject({ requestsToday: 0, requestsWaiting: 3, uploadsWaiting: 2 });
  });

  it('marks a snapshot the worker marked stale, and says since when the source fails', async () => {
    const observedAt = now.getTime() - 40_000;
    await saveSnapshot(snapshot({ isStale: true, observedAt }));
    await saveHealth({
      source: BUILT_IN_SOURCE,
      failures: 3,
      failingSince: now.getTime() - 30_000,
      nextAttemptAt: now.getTime() + 20_000,
    });

    const { source, nowPlaying } = await overview();

    expect(source).toEqual({
      mode: 'nonstop',
      kind: 'builtin',
      lastGoodPollAt: new Date(observedAt).toISOString(),
      stale: true,
      failingSince: new Date(now.getTime() - 30_000).toISOString(),
    });
    // The last good answer is still shown, marked stale.
    expect(nowPlaying?.title).toBe('Radar Love');
  });

  it('marks a snapshot stale by its age alone (the worker or Redis down), like the listener page', async () => {
    await saveSnapshot(snapshot({ observedAt: now.getTime() - 25_001 }));
    expect((await overview()).source.stale).toBe(true);

    await saveSnapshot(snapshot({ observedAt: now.getTime() - 24_000 }));
    expect((await overview()).source.stale).toBe(false);
  });

  it('answers nothing playing and not stale before the first poll', async () => {
    const body = await overview();

    expect(body).toMatchObject({ nowPlaying: null, listeners: null, next: [] });
    expect(body.source).toEqual({
      mode: 'nonstop',
      kind: 'builtin',
      lastGoodPollAt: null,
      stale: false,
    });
  });

  it('answers kind none when the mode’s source is not set', async () => {
    await updateSettings(t.app.db, { broadcastingMode: 'live', liveUrl: null });
    await queue('Niet op de radio');

    const body = await overview();

    expect(body.source).toMatchObject({ mode: 'live', kind: 'none', stale: false });
    expect(body.next).toEqual([]);
  });

  it('ignores the health of a source the worker no longer follows', async () => {
    await saveSnapshot(snapshot());
    await saveHealth({
      source: 'https://elders.example.nl',
      failures: 5,
      failingSince: now.getTime() - 60_000,
      nextAttemptAt: now.getTime(),
    });

    expect((await overview()).source).not.toHaveProperty('failingSince');
  });
});
