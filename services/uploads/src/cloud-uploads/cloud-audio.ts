import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { HttpError } from '@radio/service-kit';

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

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A tag as stored: trimmed, bounded, control characters gone; null when empty. */
const tagValue = (value: string | undefined): string | null => {
  const clean = (value ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(0, 200);
  return clean === '' ? null : clean;
};

/** Refuses what is not audio of an accepted kind; reads bitrate and duration of what is. */
export async function inspectTrack(file: string): Promise<TrackFacts> {
  const type = await fileTypeFromFile(file);
  if (!type || !ACCEPTED_EXTENSIONS.has(type.ext)) throw cloudRefusals.unsupportedType();
  const metadata = await parseFile(file, { duration: true, skipCovers: true }).catch(() => null);
  const duration = metadata?.format.duration;
  if (!metadata || duration === undefined || !(duration > 0) || !metadata.format.codec) {
    throw cloudRefusals.unreadable();
  }
  const bitrate = metadata.format.bitrate;
  return {
    extension: type.ext === 'mp4' ? 'm4a' : type.ext,
    contentType: type.ext === 'mp4' ? 'audio/mp4' : type.mime,
    bitrateKbps: bitrate === undefined || !(bitrate > 0) ? null : Math.round(bitrate / 1000),
    durationSeconds: Math.round(duration * 100) / 100,
    tags: {
      artist: tagValue(metadata.common.artist),
      title: tagValue(metadata.common.title),
      album: tagValue(metadata.common.album),
    },
  };
}
