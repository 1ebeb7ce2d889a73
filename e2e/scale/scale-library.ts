/**
 * The scale-out library: SCALE_TRACKS short tagged songs, each by an artist of its own (so 20
 * parallel submits of one listener all ask for different tracks and a load's submits rarely
 * meet a cooldown). Node built-ins and ffmpeg only: the compose test (compose-test/scale.mjs)
 * writes the same library into the stack's volume from a container.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SCALE_TRACKS = 300;
export const scaleArtist = (n: number): string => `Schaal Artiest ${String(n).padStart(3, '0')}`;
export const scaleTitle = (n: number): string => `Schaalnummer ${String(n).padStart(3, '0')}`;

/** An ID3v2.3 tag with Latin-1 text frames (what the station's library reads). */
function id3(frames: Record<string, string>): Buffer {
  const body = Buffer.concat(
    Object.entries(frames).map(([id, text]) => {
      const content = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
      const head = Buffer.alloc(10);
      head.write(id, 0, 'latin1');
      head.writeUInt32BE(content.length, 4);
      return Buffer.concat([head, content]);
    }),
  );
  const size = body.length;
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([header, body]);
}

/** Writes the library into `dir` (made if missing): `count` songs of 4 s. */
export function writeScaleLibrary(dir: string, count: number = SCALE_TRACKS): void {
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, 'base.mp3.tmp');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=523:duration=4',
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-map_metadata',
    '-1',
    '-id3v2_version',
    '0',
    '-write_id3v1',
    '0',
    '-f',
    'mp3',
    base,
  ]);
  const audio = readFileSync(base);
  rmSync(base);
  for (let n = 1; n <= count; n++) {
    const tag = id3({ TPE1: scaleArtist(n), TIT2: scaleTitle(n), TALB: 'Schaalproef' });
    writeFileSync(
      path.join(dir, `${scaleArtist(n)} - ${scaleTitle(n)}.mp3`),
      Buffer.concat([tag, audio]),
    );
  }
}
