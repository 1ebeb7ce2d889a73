import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRoutePermissions, registeredRoutes, type RouteCases } from './route-permissions.ts';
import { createTestApp, type BuildApp, type TestApp } from './test-app.ts';

export interface RoutePermissionsOptions {
  /** Runs once on the fresh app, before any case (e.g. to open registration). */
  setUp?: (testApp: TestApp) => Promise<void>;
}

/**
 * The permission tests of one service: a case for every registered route, and every case
 * answered as its access demands for every persona.
 */
export function describeRoutePermissions(
  build: BuildApp,
  cases: RouteCases,
  options: RoutePermissionsOptions = {},
): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(build);
    await options.setUp?.(t);
  });
  afterAll(() => t.close());

  it('has a permission case for every route of the service', () => {
    expect(registeredRoutes(t).sort()).toEqual(Object.keys(cases).sort());
  });

  it('answers anonymous, listener, deactivated and admin callers as each route demands', async () => {
    const results = await checkRoutePermissions(t, cases);
    expect(results.filter((result) => result.actual !== result.expected)).toEqual([]);
  });
}
