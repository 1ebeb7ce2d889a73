import { describe, expect, it } from 'vitest';
import { cloudUploadStatusLabel, formatMegabytes } from './cloud-upload-facts';

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
});
