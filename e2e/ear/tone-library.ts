import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One song of the ear's library: a pure tone, so the page can tell which song it hears. */
export interface ToneSong {
  title: string;
  artist: string;
  frequency: number;
}

/** Eight songs of 10–14 s, each a sine 110 Hz above the one before (FFT bins far apart). */
export const TONE_SONGS: ToneSong[] = Array.from({ length: 8 }, (_, i) => ({
  title: `Toon ${i + 1}`,
  artist: 'De Meetband',
  frequency: 330 + 110 * i,
}));

/** Writes the songs as MP3s (128 kbps, tagged, 20 ms fades against clicks) into a new folder. */
export function writeToneLibrary(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-ear-library-'));
  TONE_SONGS.forEach(({ title, artist, frequency }, i) => {
    const seconds = 10 + (i % 5);
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
      '-af',
      `volume=0.5,afade=t=in:d=0.02,afade=t=out:st=${seconds - 0.02}:d=0.02`,
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-id3v2_version',
      '3',
      '-metadata',
      `artist=${artist}`,
      '-metadata',
      `title=${title}`,
      '-metadata',
      'album=Meting',
      path.join(dir, `${artist} - ${title}.mp3`),
    ]);
  });
  return dir;
}
