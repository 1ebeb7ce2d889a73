/** Plays that started within [from, to] are fetched from the source's history. */
export interface BackfillWindow {
  from: Date;
  to: Date;
}

/** Never further back than this: a first start must not pull a station's whole past. */
export const MAX_BACKFILL_MS = 48 * 3_600_000;
/**
 * A pause between two good answers longer than this may have lost plays: the recent list of an
 * answer holds the last 5 plays only.
 */
export const BACKFILL_AFTER_GAP_MS = 60_000;
// The station's clock is not ours: look a little earlier than our last good answer.
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * The window to backfill when a good answer comes after `lastAnswerAt` (unix ms; null when there
 * was none: first start): after an outage, a stopped worker or a lost cache. Null: no gap.
 */
export function backfillWindowAfter(lastAnswerAt: number | null, now: Date): BackfillWindow | null {
  const earliest = now.getTime() - MAX_BACKFILL_MS;
  if (lastAnswerAt === null) return { from: new Date(earliest), to: now };
  if (now.getTime() - lastAnswerAt <= BACKFILL_AFTER_GAP_MS) return null;
  return { from: new Date(Math.max(earliest, lastAnswerAt - CLOCK_MARGIN_MS)), to: now };
}
