import { describe, expect, it } from 'vitest';
import { isOnAir, requestStage } from './request-stage';

const playedAt = '2026-11-28T12:00:00.000Z';
const start = Date.parse(playedAt);
const played = { status: 'played' as const, playedAt, duration: 180 };

describe('requestStage', () => {
  it('names pending, approved and rejected as the list always did', () => {
    expect(requestStage({ status: 'pending', playedAt: null, duration: 180 }, start)).toBe(
      'In behandeling',
    );
    expect(requestStage({ status: 'approved', playedAt: null, duration: 180 }, start)).toBe(
      'Goedgekeurd',
    );
    expect(requestStage({ status: 'rejected', playedAt: null, duration: 180 }, start)).toBe(
      'In behandeling',
    );
  });

  it('shows a played request as on the radio from its start until its end as heard', () => {
    expect(requestStage(played, start - 1)).toBe('Gedraaid');
    expect(requestStage(played, start)).toBe('Nu op de radio');
    expect(requestStage(played, start + 179_999)).toBe('Nu op de radio');
    expect(requestStage(played, start + 180_000)).toBe('Gedraaid');
  });

  it('never puts a request without a play time or length on the radio', () => {
    expect(isOnAir({ ...played, playedAt: null }, start)).toBe(false);
    expect(isOnAir({ ...played, duration: null }, start)).toBe(false);
  });
});
