import { describe, expect, it } from 'vitest';
import { dayLabel, hourLabel, stationDateOf } from '../../src/archive/station-calendar.ts';

describe('the station calendar', () => {
  it('names days in Dutch', () => {
    expect(dayLabel('2025-11-21')).toBe('vrijdag 21 november');
    expect(dayLabel('2026-03-29')).toBe('zondag 29 maart');
  });

  it('dates an instant on the station clock', () => {
    expect(stationDateOf(new Date('2026-11-21T22:59:59Z'), 'Europe/Amsterdam')).toBe('2026-11-21');
    expect(stationDateOf(new Date('2026-11-21T23:00:00Z'), 'Europe/Amsterdam')).toBe('2026-11-22');
    expect(stationDateOf(new Date('2026-11-21T23:00:00Z'), 'UTC')).toBe('2026-11-21');
  });

  it('labels hours HH:00', () => {
    expect(hourLabel(2)).toBe('02:00');
    expect(hourLabel(23)).toBe('23:00');
  });
});
