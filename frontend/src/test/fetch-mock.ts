import { vi } from 'vitest';
import type { User } from '@radio/contracts';
import { stationInfo } from './station-fixtures';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, message: string, code = 'ERROR') {
  return jsonResponse({ message, code }, status);
}

/**
 * Replaces the global fetch (the network boundary) with handlers keyed "METHOD /path".
 * Unknown calls answer 404, as the gateway does.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    return handler ? handler(init) : errorResponse(404, 'Niet gevonden', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many times the page called `path` (any method). */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): number {
  return fetchMock.mock.calls.filter(([url]) => url === path).length;
}

/** A fetch answer that never arrives, to look at loading states. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'anna@example.nl',
    name: 'Anna de Vries',
    role: 'listener',
    isActive: true,
    lastLoginAt: null,
    createdAt: '2025-03-14T09:30:00.000Z',
    updatedAt: '2025-03-14T09:30:00.000Z',
    customRequestsPerHour: null,
    customRequestsPerDay: null,
    customCooldownMinutes: null,
    canBypassLimits: false,
    ...overrides,
  };
}

/** The handlers of a visitor: logged in as `user` (or not) with these station settings. */
export function sessionHandlers(
  user: User | null,
  settings: Record<string, unknown> = {},
): Record<string, Handler> {
  return {
    'GET /api/auth/user': () =>
      user ? jsonResponse(user) : errorResponse(401, 'Niet ingelogd', 'UNAUTHENTICATED'),
    'GET /api/station-info': () => jsonResponse(stationInfo()),
    'GET /api/dj-settings': () =>
      jsonResponse({
        requestsEnabled: true,
        registrationEnabled: false,
        broadcastingMode: 'nonstop',
        isLive: false,
        ...settings,
      }),
  };
}
