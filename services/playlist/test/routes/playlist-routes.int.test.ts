import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

const MINUTE_MS = 60_000;
const DATE_ERROR = { message: 'Ongeldige datum: gebruik JJJJ-MM-DD', code: 'VALIDATION_ERROR' };
const HOUR_ERROR = {
  message: 'Ongeldig uur: gebruik 0 tot en met 23 of "all"',
  code: 'VALIDATION_ERROR',
};

let t: TestApp;
let nextId = 1;

/** A play every 20 minutes in [from, to). */
async function playEvery20Minutes(from: string, to: string): Promise<void> {
  const rows = [];
  for (let ms = Date.parse(from); ms < Date.parse(to); ms += 20 * MINUTE_MS) {
    rows.push({
      source: 'https://azuracast.test',
      azuracastId: nextId,
      title: `Titel ${nextId}`,
      artist: `Artiest ${nextId}`,
      album: nextId % 2 === 0 ? null : 'Album',
      playedAt: new Date(ms),
      duration: 200,
    });
    nextId += 1;
  }
  await t.app.db.insertInto('playHistory').values(rows).execute();
}

beforeAll(async () => {
  t = await createTestApp(buildPlaylistApp);
  // Europe/Amsterdam, 2026: clocks go forward on Sunday 29 March at 02:00 (01:00 UTC) and back
  // on Sunday 25 October at 03:00 (01:00 UTC). Each span runs from a day before to a day after.
  await playEvery20Minutes('2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z');
  await playEvery20Minutes('2026-10-23T22:00:00Z', '2026-10-26T23:00:00Z');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (iso: string): void => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
const get = (url: string) => t.client().get(url);

interface Hour {
  value: string;
  label: string;
  trackCount: number;
}

describe('GET /api/playlist/available-dates', () => {
  it('lists the station days with plays, today first, labelled in Dutch', async () => {
    at('2026-03-30T12:00:00Z');
    const response = await get('/api/playlist/available-dates');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { value: '2026-03-30', label: 'maandag 30 maart', isToday: true, trackCount: 72 },
      { value: '2026-03-29', label: 'zondag 29 maart', isToday: false, trackCount: 69 },
      { value: '2026-03-28', label: 'zaterdag 28 maart', isToday: false, trackCount: 72 },
    ]);
  });

  it('counts the 25-hour day and keeps to the last 30 days', async () => {
    at('2026-10-26T12:00:00Z');
    expect((await get('/api/playlist/available-dates')).json()).toEqual([
      { value: '2026-10-26', label: 'maandag 26 oktober', isToday: true, trackCount: 72 },
      { value: '2026-10-25', label: 'zondag 25 oktober', isToday: false, trackCount: 75 },
      { value: '2026-10-24', label: 'zaterdag 24 oktober', isToday: false, trackCount: 72 },
    ]);
  });

  it('turns the day at midnight on the station clock, not at midnight UTC', async () => {
    at('2026-03-29T21:59:59Z'); // 23:59:59 summer time on Sunday
    expect((await get('/api/playlist/available-dates')).json()[0]).toMatchObject({
      value: '2026-03-29',
      isToday: true,
    });
    at('2026-03-29T22:00:00Z'); // 00:00 on Monday, still Sunday in UTC
    expect((await get('/api/playlist/available-dates')).json()[0]).toMatchObject({
      value: '2026-03-30',
      isToday: true,
    });
  });
});

describe('GET /api/playlist/available-hours', () => {
  it('has no 02:00 on the day the clocks go forward: 23 hours', async () => {
    const hours: Hour[] = (await get('/api/playlist/available-hours?date=2026-03-29')).json();
    expect(hours).toHaveLength(23);
    expect(hours.map((hour) => hour.label)).not.toContain('02:00');
    expect(hours.slice(0, 3)).toEqual([
      { value: '0', label: '00:00', trackCount: 3 },
      { value: '1', label: '01:00', trackCount: 3 },
      { value: '3', label: '03:00', trackCount: 3 },
    ]);
    expect(hours.reduce((sum, hour) => sum + hour.trackCount, 0)).toBe(69);
  });

  it('counts both passes of 02:00 on the day the clocks go back: 25 hours in 24 buttons', async () => {
    const hours: Hour[] = (await get('/api/playlist/available-hours?date=2026-10-25')).json();
    expect(hours.map((hour) => hour.value)).toEqual(
      Array.from({ length: 24 }, (_, hour) => String(hour)),
    );
    expect(hours[2]).toEqual({ value: '2', label: '02:00', trackCount: 6 });
    expect(hours.filter((hour) => hour.trackCount === 3)).toHaveLength(23);
    expect(hours.reduce((sum, hour) => sum + hour.trackCount, 0)).toBe(75);
  });

  it('lists every hour of an ordinary day, and none for a day without plays', async () => {
    const hours: Hour[] = (await get('/api/playlist/available-hours?date=2026-10-26')).json();
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toEqual({ value: '23', label: '23:00', trackCount: 3 });
    expect((await get('/api/playlist/available-hours?date=2026-06-01')).json()).toEqual([]);
  });
});

describe('GET /api/playlist', () => {
  it('lists an hour newest first; the repeated 02:00 holds its second pass above its first', async () => {
    const response = await get('/api/playlist?date=2026-10-25&hour=2');
    expect(response.statusCode).toBe(200);
    const { total, items } = response.json();
    expect(total).toBe(6);
    expect(items.map((item: { played_at: number }) => new Date(item.played_at * 1000))).toEqual([
      new Date('2026-10-25T01:40:00Z'),
      new Date('2026-10-25T01:20:00Z'),
      new Date('2026-10-25T01:00:00Z'), // 02:00 winter time
      new Date('2026-10-25T00:40:00Z'),
      new Date('2026-10-25T00:20:00Z'),
      new Date('2026-10-25T00:00:00Z'), // 02:00 summer time
    ]);
    const first = await t.app.db
      .selectFrom('playHistory')
      .selectAll()
      .where('playedAt', '=', new Date('2026-10-25T00:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(items.at(-1)).toEqual({
      sh_id: Number(first.id),
      played_at: Date.parse('2026-10-25T00:00:00Z') / 1000,
      duration: 200,
      song: { title: first.title, artist: first.artist, album: first.album },
    });
  });

  it('lists the whole day with hour=all, and an hour the clock skipped as empty', async () => {
    const day = (await get('/api/playlist?date=2026-03-29&hour=all')).json();
    expect(day.total).toBe(69);
    expect(day.items).toHaveLength(69);
    expect(day.items[0].played_at).toBe(Date.parse('2026-03-29T21:40:00Z') / 1000);
    expect(day.items.at(-1).played_at).toBe(Date.parse('2026-03-28T23:00:00Z') / 1000);
    expect((await get('/api/playlist?date=2026-03-29&hour=02')).json()).toEqual({
      total: 0,
      items: [],
    });
  });

  it('agrees with the hour counts', async () => {
    const hours: Hour[] = (await get('/api/playlist/available-hours?date=2026-10-25')).json();
    for (const hour of hours) {
      const { total } = (await get(`/api/playlist?date=2026-10-25&hour=${hour.value}`)).json();
      expect(total).toBe(hour.trackCount);
    }
  });
});

describe('caching', () => {
  it('lets the gateway and browsers reuse good archive answers for seconds, never errors', async () => {
    for (const url of [
      '/api/playlist/available-dates',
      '/api/playlist/available-hours?date=2026-10-25',
      '/api/playlist?date=2026-10-25&hour=all',
    ]) {
      const response = await get(url);
      expect(response.headers['x-accel-expires']).toBe('10');
      expect(response.headers['cache-control']).toBe('public, max-age=10');
    }
    const refused = await get('/api/playlist?date=morgen&hour=3');
    expect(refused.headers['x-accel-expires']).toBeUndefined();
  });
});

describe('bad dates and hours', () => {
  it.each([
    '/api/playlist/available-hours',
    '/api/playlist/available-hours?date=',
    '/api/playlist/available-hours?date=2026-02-29',
    '/api/playlist/available-hours?date=21-11-2026',
    '/api/playlist?date=morgen&hour=3',
    '/api/playlist?hour=3',
  ])('answer 400 in Dutch: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(DATE_ERROR);
  });

  it.each(['', '24', '-1', '1.5', 'alle', ' 3', '0x3', '1e1'])(
    'answer 400 in Dutch for hour=%j',
    async (hour) => {
      const response = await get(`/api/playlist?date=2026-10-25&hour=${encodeURIComponent(hour)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(HOUR_ERROR);
    },
  );

  it('answer 400 in Dutch without an hour', async () => {
    expect((await get('/api/playlist?date=2026-10-25')).json()).toEqual(HOUR_ERROR);
  });
});
