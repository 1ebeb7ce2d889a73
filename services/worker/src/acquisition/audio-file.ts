import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';

const run = promisify(execFile);
const FFMPEG_TIMEOUT_MS = 120_000;

export interface ProbedAudio {
  file: string;
  /** Seconds. */
  duration: number;
  isMp3: boolean;
}

/** The regular files under `dir` (any depth), largest first: the track, before any cover art. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return files
    .map((file, index) => ({ file, size: sizes[index] ?? 0 }))
    .sort((a, b) => b.size - a.size)
    .map(({ file }) => file);
}

/** What the file is by its content (never its name): audio with a duration, or null. */
export async function probeAudio(file: string): Promise<ProbedAudio | null> {
  const metadata = await parseFile(file, { duration: true, skipCovers: true }).catch(() => null);
  const duration = metadata?.format.duration;
  if (!metadata || duration === undefined || !(duration > 0) || !metadata.format.codec) return null;
  const codec = metadata.format.codec.toLowerCase();
  return { file, duration, isMp3: codec.includes('mpeg') && codec.includes('layer 3') };
}

export interface Tags {
  title: string;
  artist: string;
  album: string;
}

/**
 * The audio as a tagged MP3 at `target`: MP3 is copied as it is, anything else encoded (V2,
 * about 190 kbps). Earlier tags and pictures are dropped for the request's own.
 */
export async function writeTaggedMp3(
  audio: ProbedAudio,
  tags: Tags,
  target: string,
): Promise<void> {
  const codec = audio.isMp3 ? ['-c:a', 'copy'] : ['-c:a', 'libmp3lame', '-q:a', '2'];
  await run(
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      // Never read as a protocol or an option, whatever the downloader named it.
      `file:${audio.file}`,
      '-map',
      '0:a:0',
      '-map_metadata',
      '-1',
      ...codec,
      '-metadata',
      `title=${tags.title}`,
      '-metadata',
      `artist=${tags.artist}`,
      '-metadata',
      `album=${tags.album}`,
      '-id3v2_version',
      '3',
      '-f',
      'mp3',
      target,
    ],
    { timeout: FFMPEG_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
  );
}
