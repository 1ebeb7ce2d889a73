import { describe, expect, it } from 'vitest';
import { formatWait } from '../../src/requests/request-texts.ts';

describe('a wait in Dutch', () => {
  it.each([
    [1, '1 minuut'],
    [60, '1 minuut'],
    [61, '2 minuten'],
    [720, '12 minuten'],
    [3600, '1 uur'],
    [4800, '1 uur en 20 minuten'],
    [3660, '1 uur en 1 minuut'],
    [75_600, '21 uur'],
  ])('%i seconds: over %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
