import { describe, expect, it } from 'vitest';
import { displayArtist, displayTitle } from './song-names';

describe('song names', () => {
  it('keep a known name', () => {
    expect(displayArtist('Doe Maar')).toBe('Doe Maar');
    expect(displayTitle('De bom')).toBe('De bom');
  });

  it('fall back for empty, blank or missing names', () => {
    for (const name of ['', '   ', null, undefined]) {
      expect(displayArtist(name)).toBe('Onbekende Artiest');
      expect(displayTitle(name)).toBe('Onbekende Titel');
    }
  });
});
