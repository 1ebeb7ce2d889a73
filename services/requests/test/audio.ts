import { execFileSync } from 'node:child_process';

/** An MP3 (128 kbps) made by ffmpeg: silence, or a tone, of the given length, with these tags. */
export function makeMp3(
  file: string,
  {
    seconds = 1,
    tags = {},
    tone = false,
  }: { seconds?: number; tags?: Record<string, string>; tone?: boolean } = {},
): void {
  const metadata = Object.entries(tags).flatMap(([name, value]) => [
    '-metadata',
    `${name}=${value}`,
  ]);
  const input = tone ? 'sine=frequency=440:sample_rate=44100' : 'anullsrc=r=44100:cl=stereo';
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', input],
    ...['-t', String(seconds), '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', ...metadata, file],
  ]);
}
