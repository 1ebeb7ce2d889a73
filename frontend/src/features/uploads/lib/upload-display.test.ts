import { describe, expect, it } from 'vitest';
import { lowBitrateLabel } from './upload-display';

describe('how an upload is shown to its uploader', () => {
  it('flags a low or unreadable bitrate against the 128 kbps guideline', () => {
    expect(lowBitrateLabel({ lowBitrate: false, bitrateKbps: 320 })).toBeNull();
    expect(lowBitrateLabel({ lowBitrate: true, bitrateKbps: 96 })).toBe(
      'lage bitrate: 96 kbps (onder de richtlijn van 128 kbps)',
    );
    expect(lowBitrateLabel({ lowBitrate: true, bitrateKbps: null })).toBe(
      'bitrate onbekend (de richtlijn is minimaal 128 kbps)',
    );
  });
});
