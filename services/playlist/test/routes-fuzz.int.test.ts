import { describe, expect, it } from 'vitest';
import { describeRouteFuzz } from '@radio/service-kit/testing';
import { buildPlaylistApp } from './build.ts';

describe('every playlist route under hostile input', () => {
  const app = describeRouteFuzz(buildPlaylistApp, {
    samples: {
      'GET /api/playlist': { query: { date: '2025-03-30', hour: 'all' } },
      'GET /api/playlist/available-hours': { query: { date: '2025-03-30' } },
      'GET /api/admin/play-history.csv': { query: { month: '2025-03' } },
    },
  });

  it('answers a date Postgres cannot hold (year 0) with the Dutch date message', async () => {
    for (const url of [
      '/api/playlist?date=0000-01-01&hour=all',
      '/api/playlist/available-hours?date=0000-01-01',
    ]) {
      const response = await app().client().get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Ongeldige datum: gebruik JJJJ-MM-DD',
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
