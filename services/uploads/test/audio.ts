import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Recordings as a browser or phone makes them, encoded by ffmpeg. */
export type Recording = 'webm' | 'ogg' | 'm4a' | 'wav' | 'mp3';

const codecs: Record<Recording, string[]> = {
  webm: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'webm'],
  ogg: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'],
  m4a: ['-c:a', 'aac', '-b:a', '96k', '-f', 'ipod'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'],
};

/** A spoken-level tone (or silence) of `seconds` in the container of `kind`, as bytes. */
export async function makeRecording(
  dir: string,
  kind: Recording,
  {
    seconds = 3,
    silent = false,
    rate = 48_000,
  }: { seconds?: number; silent?: boolean; rate?: number } = {},
): Promise<Buffer> {
  const file = path.join(dir, `${kind}-${seconds}-${silent ? 'stil' : 'toon'}-${rate}.${kind}`);
  const input = silent
    ? `anullsrc=r=${rate}:cl=mono`
    : `sine=frequency=440:sample_rate=${rate},volume=0.3`;
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', input],
    ...['-t', String(seconds), '-ac', '1', ...codecs[kind], file],
  ]);
  return readFile(file);
}

/** A PNG image (to rename to .webm). */
export async function makePng(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'plaatje.png');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=red:s=16x16'],
    ...['-frames:v', '1', file],
  ]);
  return readFile(file);
}

/** A multipart body as a browser's FormData sends it. */
export async function multipartBody(
  audio: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = { submittedBy: 'Luisteraar', message: 'Groetjes!' },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (audio) form.append('audio', new Blob([audio.bytes], { type: audio.type }), audio.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
