import { describe, expect, it } from 'vitest';
import { lowBitrateLabel, uploadDate, uploadStatusLabel } from './upload-display';

describe('how an upload is shown to its uploader', () => {
  it('names each status in Dutch', () => {
    expect(
      (['pending', 'approved', 'rejected', 'downloaded'] as const).map(uploadStatusLabel),
    ).toEqual(['In afwachting', 'Goedgekeurd', 'Afgewezen', 'Gedownload']);
  });

  it('flags a low or unreadable bitrate against the 128 kbps guideline', () => {
    expect(lowBitrateLabel({ lowBitrate: false, bitrateKbps: 320 })).toBeNull();
    expect(lowBitrateLabel({ lowBitrate: true, bitrateKbps: 96 })).toBe(
      'lage bitrate: 96 kbps (onder de richtlijn van 128 kbps)',
    );
    expect(lowBitrateLabel({ lowBitrate: true, bitrateKbps: null })).toBe(
      'bitrate onbekend (de richtlijn is minimaal 128 kbps)',
    );
  });

  it('dates it nl-NL in the station’s zone', () => {
    expect(uploadDate('2026-11-23T22:05:00.000Z', 'Europe/Amsterdam')).toBe('23 nov 2026, 23:05');
    expect(uploadDate('2026-07-01T22:05:00.000Z', 'Europe/Amsterdam')).toBe('2 jul 2026, 00:05');
  });
});
