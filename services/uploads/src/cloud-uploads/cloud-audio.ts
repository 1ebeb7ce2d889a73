import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { HttpError } from '@radio/service-kit';
import { runDecoder } from '../decoder.ts';

/** Spec section 5: mp3, mpeg, wav, flac, aac, ogg, m4a, known by the file's bytes. */
const ACCEPTED_EXTENSIONS = new Set([
  'mp3',
  'wav',
  'flac',
  'aac',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'mp4',
]);

export const cloudRefusals = {
  unsupportedType: () =>
    new HttpError(
      415,
      'UNSUPPORTED_AUDIO_TYPE',
      'Ongeldig bestandstype: upload een audiobestand (mp3, wav, flac, aac, ogg of m4a).',
    ),
  unreadable: () =>
    new HttpError(
      400,
      'UNREADABLE_AUDIO',
      'Het audiobestand kan niet worden gelezen. Controleer het bestand en probeer het opnieuw.',
    ),
};

export interface TrackFacts {
  extension: string;
  contentType: string;
  bitrateKbps: number | null;
  durationSeconds: number;
  tags: { artist: string | null; title: string | null; album: string | null };
}

/** Shorter than this is no track: what a truncated file decodes to (a frame or two, or none). */
const MIN_SECONDS = 1;
/** 50 MB of the thinnest mp3 lasts about this long; a longer claim is a lie. */
const MAX_SECONDS = 12 * 60 * 60;
/** Well above 24-bit 192 kHz stereo PCM (9,216 kbps); beyond it the bitrate is not known. */
const MAX_KBPS = 50_000;

/**
 * Control, format (bidi overrides and isolates, zero-width, BOM) and line-separator characters:
 * a U+202E in a name shows its extension reversed.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Text of a file or its tags as stored and shown: invisible characters gone, trimmed, bounded. */
export const visibleText = (value: string, max = 200): string =>
  value.replace(INVISIBLE_CHARACTERS, '').trim().slice(0, max);

/** A tag as stored; null when empty. */
const tagValue = (value: string | undefined): string | null => visibleText(value ?? '') || null;

/**
 * Decodes the first audio stream and measures it: the duration is the decoded samples, the
 * bitrate the stream's bytes per decoded second; a header's claims are not read. Refuses what
 * does not decode to a track of a plausible length.
 */
async function measureTrack(file: string): Promise<{ seconds: number; kbps: number | null }> {
  let stdout: string;
  try {
    ({ stdout } = await runDecoder('ffprobe', [
      ...['-v', 'quiet', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=sample_rate:frame=pkt_size,nb_samples', '-of', 'compact', file],
    ]));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw cloudRefusals.unreadable();
  }
  let rate = 0;
  const frames: { samples: number; bytes: number }[] = [];
  // Lines like `frame|pkt_size=626|nb_samples=1152` and `stream|sample_rate=44100`.
  for (const line of stdout.split('\n')) {
    const [section, ...fields] = line.split('|');
    const values = new Map(fields.map((field) => field.split('=') as [string, string]));
    if (section === 'stream') rate = Number(values.get('sample_rate'));
    if (section !== 'frame') continue;
    frames.push({
      samples: Number(values.get('nb_samples')) || 0,
      bytes: Number(values.get('pkt_size')) || 0,
    });
  }
  const seconds = sum(frames, 'samples') / rate;
  if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS)) throw cloudRefusals.unreadable();
  // The decoder cuts the encoder's delay and padding from the first and last frame, whose bytes
  // would then count for too few samples.
  const whole = frames.length > 2 ? frames.slice(1, -1) : frames;
  const kbps = Math.round((sum(whole, 'bytes') * 8 * rate) / sum(whole, 'samples') / 1000);
  return { seconds, kbps: kbps >= 1 && kbps <= MAX_KBPS ? kbps : null };
}

const sum = <K extends string>(items: Record<K, number>[], key: K): number =>
  items.reduce((total, item) => total + item[key], 0);

/** Refuses what is not audio of an accepted kind; measures what is and reads its tags. */
export async function inspectTrack(file: string): Promise<TrackFacts> {
  const type = await fileTypeFromFile(file);
  if (!type || !ACCEPTED_EXTENSIONS.has(type.ext)) throw cloudRefusals.unsupportedType();
  const { seconds, kbps } = await measureTrack(file);
  // Only the tags: a file whose tags cannot be read is still a track.
  const tags = (await parseFile(file, { duration: false, skipCovers: true }).catch(() => null))
    ?.common;
  return {
    extension: type.ext === 'mp4' ? 'm4a' : type.ext,
    contentType: type.ext === 'mp4' ? 'audio/mp4' : type.mime,
    bitrateKbps: kbps,
    durationSeconds: Math.round(seconds * 100) / 100,
    tags: {
      artist: tagValue(tags?.artist),
      title: tagValue(tags?.title),
      album: tagValue(tags?.album),
    },
  };
}
