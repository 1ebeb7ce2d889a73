import { describe, expect, it } from 'vitest';
import { cloudUploadStatusLabel, formatDateTime, formatMegabytes } from './cloud-upload-facts';

describe('cloud upload facts', () => {
  it('name each status in Dutch', () => {
    expect(
      (['pending', 'approved', 'rejected', 'downloaded'] as const).map(cloudUploadStatusLabel),
    ).toEqual(['In afwachting', 'Goedgekeurd', 'Afgewezen', 'Gedownload']);
  });

  it('give sizes in binary megabytes, as the 50 MB limit counts them', () => {
    expect(formatMegabytes(50 * 1024 * 1024)).toBe('50,0 MB');
    expect(formatMegabytes(12.34 * 1024 * 1024)).toBe('12,3 MB');
    expect(formatMegabytes(0)).toBe('0,0 MB');
  });

  it('date a moment nl-NL in the station zone, summer and winter', () => {
    expect(formatDateTime('2026-11-23T22:05:00.000Z', 'Europe/Amsterdam')).toBe(
      '23 nov 2026, 23:05',
    );
    expect(formatDateTime('2026-07-01T22:05:00.000Z', 'Europe/Amsterdam')).toBe(
      '2 jul 2026, 00:05',
    );
  });
});
