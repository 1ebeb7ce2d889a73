import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Five seconds of a sine tone as an MP3 at the given bitrate, made by ffmpeg. */
export function toneMp3(frequency: number, bitrate = '128k'): Buffer {
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
      `sine=f=${frequency}:d=5`,
      '-b:a',
      bitrate,
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
