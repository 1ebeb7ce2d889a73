import type { ExportedPlay, PlayCursor } from '../archive/play-history-repository.ts';

/** Excel reads a CSV as UTF-8 only with this mark; without it "Björk" arrives as "BjÃ¶rk". */
const BYTE_ORDER_MARK = '\uFEFF';
const HEADER = ['datum', 'tijd', 'artiest', 'titel', 'album', 'duur_seconden'];
/** RFC 4180 ends records with CRLF. */
const RECORD_END = '\r\n';
/** Plays per database read and per chunk sent. */
export const EXPORT_BATCH_SIZE = 1_000;

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

/** Reads the plays after a cursor (null: from the start), at most `limit`, oldest first. */
export type ReadPlays = (after: PlayCursor | null, limit: number) => Promise<ExportedPlay[]>;

/**
 * The export as chunks: the BOM and header with the first batch, then one chunk per batch.
 * The first batch is read by the caller, before anything is sent, so a database that is down
 * still gets a proper error answer; the rest is read as the client takes it in.
 */
export async function* playHistoryCsv(
  firstBatch: ExportedPlay[],
  readPlays: ReadPlays,
): AsyncGenerator<string> {
  let batch = firstBatch;
  yield BYTE_ORDER_MARK + csvRecord(HEADER) + batch.map(playRecord).join('');
  while (batch.length === EXPORT_BATCH_SIZE) {
    const last = batch[batch.length - 1];
    if (!last) return;
    batch = await readPlays(last, EXPORT_BATCH_SIZE);
    if (batch.length > 0) yield batch.map(playRecord).join('');
  }
}

export function exportFileName(month: string): string {
  return `speellijst-${month}.csv`;
}
