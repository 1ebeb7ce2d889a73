import { describe, expect, it } from 'vitest';
import {
  BACKFILL_AFTER_GAP_MS,
  backfillWindowAfter,
  MAX_BACKFILL_MS,
} from '../../src/history/backfill-window.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('backfillWindowAfter', () => {
  it('reaches back two days on a first start', () => {
    expect(backfillWindowAfter(null, now)).toEqual({
      from: new Date(now.getTime() - MAX_BACKFILL_MS),
      to: now,
    });
  });

  it('asks nothing while answers keep coming', () => {
    expect(backfillWindowAfter(now.getTime() - BACKFILL_AFTER_GAP_MS, now)).toBeNull();
  });

  it('covers a gap from a little before the last good answer', () => {
    const lastAnswer = now.getTime() - 30 * 60_000;
    expect(backfillWindowAfter(lastAnswer, now)).toEqual({
      from: new Date(lastAnswer - 5 * 60_000),
      to: now,
    });
  });

  it('never reaches back more than two days', () => {
    const lastAnswer = now.getTime() - 10 * 24 * 3_600_000;
    expect(backfillWindowAfter(lastAnswer, now)?.from).toEqual(
      new Date(now.getTime() - MAX_BACKFILL_MS),
    );
  });
});
