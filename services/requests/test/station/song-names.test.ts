import { describe, expect, it } from 'vitest';
import { songNamesFromFilename, withNamesFromFilename } from '../../src/station/song-names.ts';

describe('songNamesFromFilename', () => {
  it('reads "Artist - Title.ext", the library naming', () => {
    expect(songNamesFromFilename('/data/library/Jansen & Jansen - Zondag in Zaandam.mp3')).toEqual({
      artist: 'Jansen & Jansen',
      title: 'Zondag in Zaandam',
    });
  });

  it('keeps a dash inside the title', () => {
    expect(songNamesFromFilename('Duo Dwarsligger - Tegenwind - live.mp3')).toEqual({
      artist: 'Duo Dwarsligger',
      title: 'Tegenwind - live',
    });
  });

  it('makes the whole name the title without a separator', () => {
    expect(songNamesFromFilename('jingle_kort.mp3')).toEqual({ artist: '', title: 'jingle_kort' });
  });
});

describe('withNamesFromFilename', () => {
  it('keeps tags that are there', () => {
    const song = { artist: 'Femke de Wit', title: 'Tegenwind' };
    expect(withNamesFromFilename(song, 'Iemand - Anders.mp3')).toBe(song);
  });

  it('fills a missing title (and artist) from the file name', () => {
    expect(withNamesFromFilename({ artist: '', title: '' }, 'Bram Visser - Haring.mp3')).toEqual({
      artist: 'Bram Visser',
      title: 'Haring',
    });
    expect(withNamesFromFilename({ artist: 'Tag', title: '' }, 'Bram Visser - Haring.mp3')).toEqual(
      {
        artist: 'Tag',
        title: 'Haring',
      },
    );
  });
});
