import { describe, expect, it } from 'vitest';
import { formatClock, formatClockWithSeconds, formatDuration } from './format-time';

// 2025-11-21 13:05:09 UTC is 14:05:09 in Amsterdam (winter time); 2025-07-01 12:00 UTC is 14:00.
const WINTER = Date.UTC(2025, 10, 21, 13, 5, 9) / 1000;
const SUMMER = Date.UTC(2025, 6, 1, 12, 0, 0) / 1000;
const TZ = 'Europe/Amsterdam';

describe('formatClock', () => {
  it("shows hours and minutes nl-NL in the station's time zone", () => {
    expect(formatClock(WINTER, TZ)).toBe('14:05');
    expect(formatClock(SUMMER, TZ)).toBe('14:00');
  });

  it('writes early hours with two digits', () => {
    expect(formatClock(Date.UTC(2025, 10, 21, 7, 3) / 1000, TZ)).toBe('08:03');
  });
});

describe('formatClockWithSeconds', () => {
  it('adds the seconds for the playlist', () => {
    expect(formatClockWithSeconds(WINTER, TZ)).toBe('14:05:09');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [185, '3:05'],
    [600, '10:00'],
    [3840, '64:00'],
    [200.7, '3:20'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows nonsense as 0:00', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
