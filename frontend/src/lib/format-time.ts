// Times are shown nl-NL in the station's time zone (station info), the zone of the archive's
// days and hours. Formatters are costly to create: one per zone and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string, withSeconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${withSeconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('nl-NL', {
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "14:05" in `timeZone` for a moment given in unix seconds. */
export function formatClock(unixSeconds: number, timeZone: string): string {
  return clockIn(timeZone, false).format(unixSeconds * 1000);
}

/** "14:05:09" in `timeZone` for a moment given in unix seconds. */
export function formatClockWithSeconds(unixSeconds: number, timeZone: string): string {
  return clockIn(timeZone, true).format(unixSeconds * 1000);
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
