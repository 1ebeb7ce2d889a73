import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fuzzRoutes, type TestApp } from '@radio/service-kit/testing';
import { buildAuthApp } from './build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildAuthApp);
});
afterAll(() => t.close());

describe('every auth route under hostile input', () => {
  it('never answers a 5xx, and every error is {message, code} JSON', async () => {
    const result = await fuzzRoutes(t, {
      budgetMs: 25_000,
      samples: {
        'POST /api/auth/login': { body: { email: 'kees@radio.test', password: 'geheim123' } },
        'POST /api/auth/register': {
          body: { email: 'fuzz@radio.test', password: 'geheim123', name: 'Fuzz' },
        },
        'POST /api/auth/set-display-name': { body: { displayName: 'Kees' } },
        'PATCH /api/auth/change-password': {
          body: { currentPassword: 'onjuist', newPassword: 'geheim456' },
        },
        'PATCH /api/auth/change-email': { body: { email: 'kees@radio.test', password: 'x' } },
        'PATCH /api/admin/users/:id/role': { body: { role: 'listener' } },
        'PATCH /api/admin/users/:id/limits': {
          body: {
            customRequestsPerHour: 1,
            customRequestsPerDay: 1,
            customCooldownMinutes: 1,
            canBypassLimits: false,
          },
        },
      },
    });
    expect(result.failures).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.calls).toBeGreaterThan(50);
  }, 60_000);
});
