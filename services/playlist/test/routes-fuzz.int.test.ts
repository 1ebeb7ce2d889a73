import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fuzzRoutes, type TestApp } from '@radio/service-kit/testing';
import { buildPlaylistApp } from './build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildPlaylistApp);
});
afterAll(() => t.close());

describe('every playlist route under hostile input', () => {
  it('never answers a 5xx, and every error is {message, code} JSON', async () => {
    const result = await fuzzRoutes(t, {
      budgetMs: 25_000,
      samples: {
        'GET /api/playlist': { query: { date: '2025-03-30', hour: 'all' } },
        'GET /api/playlist/available-hours': { query: { date: '2025-03-30' } },
      },
    });
    expect(result.failures).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.calls).toBeGreaterThan(50);
  }, 60_000);
});
