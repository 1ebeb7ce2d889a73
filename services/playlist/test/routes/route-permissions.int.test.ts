import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  checkRoutePermissions,
  createTestApp,
  kitRouteCases,
  registeredRoutes,
  type RouteCases,
  type TestApp,
} from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/now-playing': { access: 'public' },
  'GET /api/station-info': { access: 'public' },
  'GET /api/playlist/available-dates': { access: 'public' },
  'GET /api/playlist/available-hours': {
    access: 'public',
    call: () => ({ query: { date: '2026-11-21' } }),
  },
  'GET /api/playlist': {
    access: 'public',
    call: () => ({ query: { date: '2026-11-21', hour: 'all' } }),
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildPlaylistApp);
});
afterAll(() => t.close());

it('has a permission case for every route of the service', () => {
  expect(registeredRoutes(t).sort()).toEqual(Object.keys(cases).sort());
});

it('answers anonymous, listener, deactivated and admin callers as each route demands', async () => {
  const results = await checkRoutePermissions(t, cases);
  expect(results.filter((result) => result.actual !== result.expected)).toEqual([]);
});
