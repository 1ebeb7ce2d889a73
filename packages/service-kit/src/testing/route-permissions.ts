import type { InjectOptions } from 'fastify';
import type { Access } from '../access/guards.ts';
import { OPENAPI_PATH } from '../openapi.ts';
import { PERSONAS, type Persona, type TestApp, type TestUser } from './test-app.ts';

export interface CallContext {
  testApp: TestApp;
  /** The user making the call (null when anonymous). */
  caller: TestUser | null;
  /** Unique per call, for values that must not repeat (e-mail addresses...). */
  seq: number;
}

export interface RouteCase {
  access: Access;
  /** A call that succeeds for a caller who is allowed in; defaults to the bare route. */
  call?: (context: CallContext) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
  /** Status of that successful call (default 200). */
  success?: number;
}

/** Keyed by "METHOD /url" exactly as the route is registered. */
export type RouteCases = Record<string, RouteCase>;

/** The routes every service gets from the kit. */
export const kitRouteCases: RouteCases = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  [`GET ${OPENAPI_PATH}`]: { access: 'public' },
};

export function expectedStatus(access: Access, persona: Persona, success: number): number {
  if (access === 'public') return success;
  // No persona carries the internal token or the station key.
  if (access === 'internal' || access === 'station' || persona === 'anonymous') return 401;
  if (persona === 'deactivated') return 403;
  if (access === 'admin' && persona === 'listener') return 403;
  return success;
}

export interface PermissionResult {
  route: string;
  persona: Persona;
  expected: number;
  actual: number;
}

export function registeredRoutes(testApp: TestApp): string[] {
  return testApp.app.routeTable.map((route) => `${route.method} ${route.url}`);
}

/** Calls every case as every persona, each time with a fresh session. */
export async function checkRoutePermissions(
  testApp: TestApp,
  cases: RouteCases,
): Promise<PermissionResult[]> {
  const results: PermissionResult[] = [];
  let seq = 0;
  for (const [route, routeCase] of Object.entries(cases)) {
    const [method, url] = route.split(' ') as [InjectOptions['method'], string];
    for (const persona of PERSONAS) {
      seq += 1;
      const caller = await testApp.personaUser(persona);
      const client = await testApp.as(persona);
      const call = (await routeCase.call?.({ testApp, caller, seq })) ?? {};
      const response = await client.request({ method, url, ...call });
      results.push({
        route,
        persona,
        expected: expectedStatus(routeCase.access, persona, routeCase.success ?? 200),
        actual: response.statusCode,
      });
    }
  }
  return results;
}
