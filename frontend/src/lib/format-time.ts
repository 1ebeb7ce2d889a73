import { STATION_TIME_ZONE } from './config';

// Times are shown nl-NL in the station's time zone, the zone of the archive's days and hours.
const clock = new Intl.DateTimeFormat('nl-NL', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: STATION_TIME_ZONE,
});
const clockWithSeconds = new Intl.DateTimeFormat('nl-NL', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: STATION_TIME_ZONE,
});

/** "14:05" for a moment given in unix seconds. */
export function formatClock(unixSeconds: number): string {
  return clock.format(unixSeconds * 1000);
}

/** "14:05:09" for a moment given in unix seconds. */
export function formatClockWithSeconds(unixSeconds: number): string {
  return clockWithSeconds.format(unixSeconds * 1000);
}

/** The ISO 8601 form of a moment given in unix seconds, for a <time dateTime>. */
export function isoDateTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/** A length in seconds as m:ss ("3:05", "64:00"); nothing sensible gives "0:00". */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
