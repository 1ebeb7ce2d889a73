import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A sine tone as an MP3 at the given bitrate (five seconds unless said), made by ffmpeg. `bare`:
 * MPEG frames only, without the ID3 tag and the Xing frame of a file, as a live stream sends them.
 */
export function toneMp3(
  frequency: number,
  bitrate = '128k',
  { seconds = 5, bare = false } = {},
): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-e2e-tone-'));
  try {
    const file = path.join(dir, 'tone.mp3');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=f=${frequency}:d=${seconds}`,
      '-b:a',
      bitrate,
      ...(bare ? ['-write_xing', '0', '-id3v2_version', '0'] : []),
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
