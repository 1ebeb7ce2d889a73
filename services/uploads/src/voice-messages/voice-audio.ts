import { fileTypeFromFile } from 'file-type';
import { VOICE_MESSAGE_MAX_SECONDS } from '@radio/contracts';
import { HttpError } from '@radio/service-kit';
import { runDecoder } from '../decoder.ts';

/** What the recorder sends (spec section 9: webm, m4a, wav, ogg, mp3), known by its bytes. */
const ACCEPTED_EXTENSIONS = new Set(['webm', 'ogg', 'opus', 'oga', 'm4a', 'mp4', 'wav', 'mp3']);

/** Below this peak a recording is silence (a muted or unplugged microphone). */
const SILENCE_PEAK_DB = -60;
/** Shorter than this there is nothing to hear. */
const MIN_SECONDS = 0.3;

export const voiceRefusals = {
  unsupportedType: () =>
    new HttpError(
      415,
      'UNSUPPORTED_AUDIO_TYPE',
      'Ongeldig bestandstype: stuur een opname als webm, ogg, m4a, wav of mp3.',
    ),
  unreadable: () =>
    new HttpError(
      400,
      'UNREADABLE_AUDIO',
      'De opname kan niet worden gelezen. Neem hem opnieuw op.',
    ),
  empty: () =>
    new HttpError(400, 'EMPTY_RECORDING', 'De opname is leeg of stil. Neem hem opnieuw op.'),
  tooLong: () =>
    new HttpError(
      400,
      'RECORDING_TOO_LONG',
      `De opname is te lang: maximaal ${VOICE_MESSAGE_MAX_SECONDS - 5} seconden (2:00).`,
    ),
};

/** Refuses a file whose bytes are not one of the accepted audio containers. */
export async function assertAcceptedAudio(file: string): Promise<void> {
  const type = await fileTypeFromFile(file);
  if (!type || !ACCEPTED_EXTENSIONS.has(type.ext)) throw voiceRefusals.unsupportedType();
}

export interface AudioFacts {
  seconds: number;
  /** Loudest sample in dBFS (-Infinity for digital silence). */
  peakDb: number;
}

/** Decodes the first audio stream (at most a little past the limit) and measures it. */
export async function measureAudio(file: string): Promise<AudioFacts> {
  let stderr: string;
  try {
    ({ stderr } = await runDecoder('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-vn'],
      ...['-t', String(VOICE_MESSAGE_MAX_SECONDS + 1), '-af', 'volumedetect', '-f', 'null', '-'],
    ]));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A container with no audio frames (a recording stopped at once) or no audio stream at all.
    const output = String((error as { stderr?: unknown }).stderr ?? '');
    if (/End of file|matches no streams|does not contain any stream/.test(output)) {
      throw voiceRefusals.empty();
    }
    throw voiceRefusals.unreadable();
  }
  const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
  const last = times.at(-1);
  const seconds = last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : 0;
  const samples = Number(/n_samples: (\d+)/.exec(stderr)?.[1] ?? 0);
  const peak = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
  const peakDb = samples === 0 || peak === undefined || peak === '-inf' ? -Infinity : Number(peak);
  return { seconds: samples === 0 ? 0 : seconds, peakDb };
}

export function assertPlayableLength(facts: AudioFacts): void {
  if (facts.seconds < MIN_SECONDS || facts.peakDb < SILENCE_PEAK_DB) throw voiceRefusals.empty();
  if (facts.seconds > VOICE_MESSAGE_MAX_SECONDS) throw voiceRefusals.tooLong();
}

/** MIME type of what `transcode` writes. */
export const VOICE_MESSAGE_TYPE = 'audio/mpeg';
export const VOICE_MESSAGE_EXTENSION = 'mp3';

/** One format for the playout: loudness-normalized (EBU R128, -16 LUFS) mono MP3. */
export async function transcode(input: string, output: string): Promise<void> {
  try {
    await runDecoder('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input],
      ...['-map', '0:a:0', '-vn', '-t', String(VOICE_MESSAGE_MAX_SECONDS)],
      ...['-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-ar', '44100', '-ac', '1'],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', output],
    ]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // ffmpeg writes the output itself: a disk that fills up is its failure, not the recording's.
    if (/No space left on device/.test(String((error as { stderr?: unknown }).stderr))) {
      throw Object.assign(new Error('ffmpeg: no space left on device'), { code: 'ENOSPC' });
    }
    throw voiceRefusals.unreadable();
  }
}
