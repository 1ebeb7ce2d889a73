import path from 'node:path';

export interface SongNames {
  artist: string;
  title: string;
}

/**
 * The names of a file without tags, from its name as the library names files:
 * "Artist - Title.mp3". Without " - " the whole name is the title.
 */
export function songNamesFromFilename(filename: string): SongNames {
  const name = path.basename(filename, path.extname(filename)).trim();
  const separator = name.indexOf(' - ');
  if (separator <= 0) return { artist: '', title: name };
  return { artist: name.slice(0, separator).trim(), title: name.slice(separator + 3).trim() };
}

/** Tags where the file has them, else what its name says. */
export function withNamesFromFilename<T extends SongNames>(song: T, filename: string): T {
  if (song.title || !filename) return song;
  const fromName = songNamesFromFilename(filename);
  return { ...song, title: fromName.title, artist: song.artist || fromName.artist };
}
