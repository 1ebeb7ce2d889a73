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

  it('answers a date Postgres cannot hold (year 0) with the Dutch date message', async () => {
    for (const url of [
      '/api/playlist?date=0000-01-01&hour=all',
      '/api/playlist/available-hours?date=0000-01-01',
    ]) {
      const response = await t.client().get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Ongeldige datum: gebruik JJJJ-MM-DD',
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
