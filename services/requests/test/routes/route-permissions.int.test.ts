import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  checkRoutePermissions,
  createTestApp,
  kitRouteCases,
  registeredRoutes,
  type RouteCases,
  type TestApp,
} from '@radio/service-kit/testing';
import { builtInStationPaths } from '@radio/station';
import { buildRequestsApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/dj-settings': { access: 'public' },
  'POST /api/dj-settings/registration': {
    access: 'admin',
    call: () => ({ payload: { enabled: true } }),
  },
  [`GET ${builtInStationPaths.nowPlaying}`]: { access: 'station' },
  [`GET ${builtInStationPaths.history}`]: { access: 'station' },
  [`GET ${builtInStationPaths.files}`]: { access: 'station' },
  [`GET ${builtInStationPaths.queue}`]: { access: 'station' },
  [`GET ${builtInStationPaths.next}`]: { access: 'station', success: 204 },
  [`POST ${builtInStationPaths.trackStarted}`]: {
    access: 'station',
    call: () => ({ payload: { title: 'Tegenwind', duration: 50 } }),
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
});
afterAll(() => t.close());

it('has a permission case for every route of the service', () => {
  expect(registeredRoutes(t).sort()).toEqual(Object.keys(cases).sort());
});

it('answers anonymous, listener, deactivated and admin callers as each route demands', async () => {
  const results = await checkRoutePermissions(t, cases);
  expect(results.filter((result) => result.actual !== result.expected)).toEqual([]);
});
