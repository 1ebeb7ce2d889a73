import { describe, expect, it } from 'vitest';
import { stationRequestIdOf, stationSourceKey } from '../src/station-source.ts';

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

describe('stationRequestIdOf', () => {
  const builtIn = 'http://127.0.0.1:3102';

  it("answers an AzuraCast track's request id, for its request API", () => {
    expect(stationRequestIdOf({ source: 'https://azura.example', requestId: 'abc' }, builtIn)).toBe(
      'abc',
    );
    expect(stationRequestIdOf({ source: 'https://azura.example', requestId: 'abc' }, null)).toBe(
      'abc',
    );
  });

  it("answers null for a track queued here: the built-in station's, or one without a request id", () => {
    expect(stationRequestIdOf({ source: builtIn, requestId: 'Pop/a.mp3' }, builtIn)).toBeNull();
    expect(
      stationRequestIdOf({ source: 'https://azura.example', requestId: null }, builtIn),
    ).toBeNull();
  });
});
