import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  describeRoutePermissions,
  kitRouteCases,
  type RouteCases,
  type TestApp,
} from '@radio/service-kit/testing';
import { builtInStationPaths } from '@radio/station';
import { FAKE_VALID_ARL } from '@radio/testing';
import { buildRequestsApp } from '../build.ts';
import { seedTrack } from '../requests/seed.ts';

/** Manual entries at the end of machine 1's queue. */
async function seedManualEntries(testApp: TestApp, count: number): Promise<void> {
  const { max } = await testApp.app.db
    .selectFrom('automationQueue')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirstOrThrow();
  await testApp.app.db
    .insertInto('automationQueue')
    .values(
      Array.from({ length: count }, (_, i) => ({
        machine: 1,
        position: (max ?? 0) + 1024 * (i + 1),
        kind: 'manual' as const,
        title: `Jingle ${i + 1}`,
        uri: `Jingles/Jingle ${i + 1}.mp3`,
      })),
    )
    .execute();
}

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/dj-settings': { access: 'public' },
  // Without Accept: text/event-stream it answers at once (the stream itself: live-routes test).
  'GET /api/events': { access: 'public', success: 406 },
  'POST /api/dj-settings/registration': {
    access: 'admin',
    call: () => ({ payload: { enabled: true } }),
  },
  'PATCH /api/admin/toggle-requests': {
    access: 'admin',
    call: () => ({ payload: { enabled: true } }),
  },
  'POST /api/admin/update-deezer-arl': {
    access: 'admin',
    call: () => ({ payload: { arl: FAKE_VALID_ARL } }),
  },
  'GET /api/admin/settings': { access: 'admin' },
  'PATCH /api/admin/settings': {
    access: 'admin',
    call: ({ seq }) => ({ payload: { libraryName: `Nonstop Mix ${seq}`, trackCooldownHours: 3 } }),
  },
  // Nothing listens on the discard port: the test answers 200 with what failed.
  'POST /api/admin/settings/test-source': {
    access: 'admin',
    call: () => ({ payload: { url: 'http://127.0.0.1:9/api/nowplaying/1' } }),
  },
  'POST /api/requests': {
    access: 'user',
    success: 201,
    call: async ({ testApp }) => ({
      payload: { libraryTrackId: await seedTrack(testApp.app.db) },
      // Each caller from an address of its own: the per-address limit is not under test.
      remoteAddress: `10.1.0.${Math.floor(Math.random() * 250) + 1}`,
    }),
  },
  'GET /api/pending-requests': { access: 'user' },
  'PATCH /api/admin/broadcasting-mode': {
    access: 'admin',
    call: () => ({ payload: { mode: 'nonstop' } }),
  },
  'GET /api/search': { access: 'user', call: () => ({ url: '/api/search?artist=BL%C3%98F' }) },
  'GET /api/recent-requests': { access: 'user' },
  'GET /api/requests/mine': { access: 'user' },
  'GET /api/requests': { access: 'admin' },
  'PATCH /api/requests/:id/status': {
    access: 'admin',
    call: async ({ testApp }) => {
      const request = await testApp.app.db
        .insertInto('songRequests')
        .values({ title: 'Tegenwind', artist: 'Femke de Wit', requesterName: 'Iemand' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/requests/${request.id}/status`, payload: { status: 'rejected' } };
    },
  },
  'GET /api/admin/playlist': {
    access: 'admin',
    call: () => ({ url: '/api/admin/playlist?machine=1' }),
  },
  'POST /api/admin/playlist/move': {
    access: 'admin',
    call: async ({ testApp }) => {
      await seedManualEntries(testApp, 2);
      return { payload: { fromPosition: 2, toPosition: 1, machine: 1 } };
    },
  },
  'POST /api/admin/playlist/insert': {
    access: 'admin',
    call: async ({ testApp }) => {
      const track = await seedTrack(testApp.app.db);
      const { path } = await testApp.app.db
        .selectFrom('libraryTracks')
        .select('path')
        .where('id', '=', String(track))
        .executeTakeFirstOrThrow();
      return { payload: { filename: path, position: 1, machine: 1 } };
    },
  },
  'GET /api/admin/overview': { access: 'admin' },
  [`GET ${builtInStationPaths.nowPlaying}`]: { access: 'station' },
  [`GET ${builtInStationPaths.history}`]: { access: 'station' },
  [`GET ${builtInStationPaths.files}`]: { access: 'station' },
  [`GET ${builtInStationPaths.requests}`]: { access: 'station' },
  [`GET ${builtInStationPaths.queue}`]: { access: 'station' },
  [`GET ${builtInStationPaths.next}`]: { access: 'station', success: 204 },
  [`POST ${builtInStationPaths.trackStarted}`]: {
    access: 'station',
    call: () => ({ payload: { title: 'Tegenwind', duration: 50 } }),
  },
};

describeRoutePermissions(buildRequestsApp, cases);

// No persona carries the station key, so the shared suite only sees 401s for these routes: here
// each station case's call, with the key, must answer its success status.
describe('station routes with the station key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(buildRequestsApp);
  });
  afterAll(() => t.close());

  it('answers every station case with its success status', async () => {
    const stationCases = Object.entries(cases).filter(([, c]) => c.access === 'station');
    expect(stationCases).toHaveLength(7);
    const results = [];
    for (const [route, routeCase] of stationCases) {
      const [method, url] = route.split(' ') as [InjectOptions['method'], string];
      const call = (await routeCase.call?.({ testApp: t, caller: null, seq: 0 })) ?? {};
      const response = await t.client().request({
        method,
        url,
        ...call,
        headers: { ...call.headers, 'x-api-key': 'test-station-api-key' },
      });
      results.push({ route, status: response.statusCode });
    }
    expect(results).toEqual(
      stationCases.map(([route, routeCase]) => ({ route, status: routeCase.success ?? 200 })),
    );
  });
});
