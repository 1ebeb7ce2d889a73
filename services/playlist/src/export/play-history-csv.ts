import type { ExportedPlay } from '../archive/play-history-repository.ts';

/** Excel reads a CSV as UTF-8 only with this mark; without it "Björk" arrives as "BjÃ¶rk". */
const BYTE_ORDER_MARK = '\uFEFF';
const HEADER = ['datum', 'tijd', 'artiest', 'titel', 'album', 'duur_seconden'];
/** RFC 4180 ends records with CRLF. */
const RECORD_END = '\r\n';

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field: a text that a spreadsheet would take for a formula gets a leading apostrophe
 * (OWASP's advice), then quotes when it holds a comma, quote or line break (quotes doubled).
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvRecord(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + RECORD_END;
}

function playRecord(play: ExportedPlay): string {
  return csvRecord([
    play.date,
    play.time,
    play.artist,
    play.title,
    play.album ?? '',
    String(play.duration),
  ]);
}

/** The station days (YYYY-MM-DD) of a month (YYYY-MM). */
export function daysOfMonth(month: string): string[] {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/**
 * The export as chunks: the BOM and header with the first day's plays, then a chunk per day.
 * The first day is read by the caller before anything is sent, so a database that is down still
 * gets a proper error answer; the other days are read as the client takes the file in.
 */
export async function* playHistoryCsv(
  firstDay: ExportedPlay[],
  otherDays: readonly string[],
  readDay: (date: string) => Promise<ExportedPlay[]>,
): AsyncGenerator<string> {
  yield BYTE_ORDER_MARK + csvRecord(HEADER) + firstDay.map(playRecord).join('');
  for (const day of otherDays) {
    const plays = await readDay(day);
    if (plays.length > 0) yield plays.map(playRecord).join('');
  }
}

export function exportFileName(month: string): string {
  return `speellijst-${month}.csv`;
}
