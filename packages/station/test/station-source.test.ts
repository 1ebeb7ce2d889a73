import { describe, expect, it } from 'vitest';
import { stationSourceKey } from '../src/station-source.ts';

describe('stationSourceKey', () => {
  it('is the origin of the now-playing URL, without path, query or key', () => {
    expect(stationSourceKey(' https://radio.example.nl/api/nowplaying/1?api_key=geheim ')).toBe(
      'https://radio.example.nl',
    );
    expect(stationSourceKey('http://127.0.0.1:3102/internal/station/api/nowplaying/1')).toBe(
      'http://127.0.0.1:3102',
    );
  });

  it('keeps a URL that does not parse as it is', () => {
    expect(stationSourceKey('geen url')).toBe('geen url');
  });
});
