/** Calendar facts of the station's zone, from Intl (the IANA data of the runtime). */

const dutchDayLabel = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** YYYY-MM-DD of an instant on the station's clock. */
export function stationDateOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "vrijdag 21 november". */
export function dayLabel(date: string): string {
  return dutchDayLabel.format(new Date(`${date}T12:00:00Z`));
}

/** "02:00". */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
