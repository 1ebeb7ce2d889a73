import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { HttpError } from '@radio/service-kit';
import { runDecoder } from '../decoder.ts';
import {
  FrameTally,
  frameProbeArgs,
  type Measured,
  type MeasureWhileArriving,
} from './track-measure.ts';

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

/** Decodes the first audio stream of the finished file and measures it (see FrameTally). */
async function measureTrack(file: string): Promise<Measured> {
  let stdout: string;
  try {
    ({ stdout } = await runDecoder('ffprobe', frameProbeArgs(file)));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw cloudRefusals.unreadable();
  }
  const tally = new FrameTally();
  tally.add(stdout);
  const measured = tally.result();
  if (!measured) throw cloudRefusals.unreadable();
  return measured;
}

/**
 * Refuses what is not audio of an accepted kind; measures what is (by what `arriving` measured
 * of its bytes as they came, else by decoding the file) and reads its tags. Refuses what does not
 * decode to a track of a plausible length.
 */
export async function inspectTrack(
  file: string,
  arriving?: MeasureWhileArriving,
): Promise<TrackFacts> {
  const type = await fileTypeFromFile(file);
  if (!type || !ACCEPTED_EXTENSIONS.has(type.ext)) throw cloudRefusals.unsupportedType();
  const { seconds, kbps } = (await arriving?.measured(type.ext)) ?? (await measureTrack(file));
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
