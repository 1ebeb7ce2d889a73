import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMegabytes, tabFromParam } from './cloud-upload-display';

describe('cloud upload display', () => {
  it('opens the waiting uploads unless the address names another tab', () => {
    expect(tabFromParam(null)).toBe('pending');
    expect(tabFromParam('downloaded')).toBe('downloaded');
    expect(tabFromParam('all')).toBe('all');
    expect(tabFromParam('nonsense')).toBe('pending');
  });

  it('gives sizes in MB as the 50 MB limit counts them, with a Dutch decimal comma', () => {
    expect(formatMegabytes(50 * 1024 * 1024)).toBe('50,0 MB');
    expect(formatMegabytes(12_900_000)).toBe('12,3 MB');
  });

  it('shows the moment in the station time zone', () => {
    expect(formatDateTime('2026-07-01T21:30:00.000Z', 'Europe/Amsterdam')).toBe(
      '1 jul 2026, 23:30',
    );
  });
});
