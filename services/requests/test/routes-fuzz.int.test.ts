import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fuzzRoutes, type TestApp } from '@radio/service-kit/testing';
import { builtInStationPaths } from '@radio/station';
import { buildRequestsApp } from './build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
});
afterAll(() => t.close());

describe('every requests route under hostile input', () => {
  it('never answers a 5xx, and every error is {message, code} JSON', async () => {
    const result = await fuzzRoutes(t, {
      budgetMs: 25_000,
      samples: {
        'POST /api/dj-settings/registration': { body: { enabled: true } },
        [`POST ${builtInStationPaths.trackStarted}`]: {
          body: { title: 'Tegenwind', duration: 50 },
        },
      },
    });
    expect(result.failures).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.calls).toBeGreaterThan(50);
  }, 60_000);
});
