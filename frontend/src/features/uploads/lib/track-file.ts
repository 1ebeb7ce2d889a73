import { CLOUD_UPLOAD_MAX_BYTES, cloudUploadFieldsSchema } from '@radio/contracts';
import { formatMegabytes } from '@/lib/cloud-upload-facts';

/** The audio types a listener may upload (spec section 5), by file extension. */
export const TRACK_EXTENSIONS = ['mp3', 'mpeg', 'wav', 'flac', 'aac', 'ogg', 'm4a'] as const;

/**
 * The MIME types browsers give those files (they differ per browser and system). An empty type is
 * common too (the system does not know the extension): then the extension decides.
 */
const TRACK_MIME_TYPES = new Set([
  'audio/mpeg',
  'audio/mp3',
  'audio/x-mpeg',
  'audio/x-mp3',
  'audio/mpeg3',
  'audio/x-mpeg-3',
  'video/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/flac',
  'audio/x-flac',
  'audio/aac',
  'audio/x-aac',
  'audio/aacp',
  'audio/ogg',
  'application/ogg',
  'video/ogg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'application/octet-stream',
]);

/** For the file picker's `accept`: extensions and MIME types, so every system offers them. */
export const TRACK_ACCEPT = [
  ...TRACK_EXTENSIONS.map((extension) => `.${extension}`),
  ...[...TRACK_MIME_TYPES].filter((type) => type.startsWith('audio/')),
].join(',');

/** The longest message for the admin (the contract's limit). */
export const TRACK_MESSAGE_MAX_LENGTH = 2000;

function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : null;
}

/** A known audio extension with a MIME type that fits (or none); without an extension, the type. */
export function isTrackType(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  if (extension === null) return TRACK_MIME_TYPES.has(type) && type.startsWith('audio/');
  const knownExtension = (TRACK_EXTENSIONS as readonly string[]).includes(extension);
  return knownExtension && (type === '' || TRACK_MIME_TYPES.has(type));
}

export type TrackNames = { artist: string; title: string };

/**
 * Artist and title from an `artist-title` file name ("Anneke Bosman - Zomeravond aan Zee.flac"):
 * split at the first " - ", else at the first "-"; underscores count as spaces. Without a
 * separator the whole name is the title.
 */
export function namesFromFileName(fileName: string): TrackNames {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).replaceAll('_', ' ');
  const spaced = base.indexOf(' - ');
  const at = spaced >= 0 ? spaced : base.indexOf('-');
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
  if (at < 0) return { artist: '', title: clean(base) };
  const separator = spaced >= 0 ? 3 : 1;
  const artist = clean(base.slice(0, at));
  const title = clean(base.slice(at + separator));
  // "-Titel" or "Artiest-": one part only is no artist-title name.
  if (!artist || !title) return { artist: '', title: clean(base.replace('-', ' ')) };
  return { artist, title };
}

/**
 * The fields after a new file is chosen: a field takes the name from the file while it is empty
 * or still holds what the previous file filled in; what the listener typed stays.
 */
export function prefillNames(
  current: TrackNames,
  lastPrefill: TrackNames,
  fromFile: TrackNames,
): TrackNames {
  const pick = (field: keyof TrackNames) =>
    fromFile[field] && (current[field].trim() === '' || current[field] === lastPrefill[field])
      ? fromFile[field]
      : current[field];
  return { artist: pick('artist'), title: pick('title') };
}

export type TrackForm = {
  file: File | null;
  artist: string;
  title: string;
  submittedBy: string;
  message: string;
};

export type TrackFormField = keyof TrackForm;

/** Which rule of the spec a refusal breaks: its title in the toast. */
export type RefusalKind = 'Ongeldig bestandstype' | 'Bestand te groot' | 'Incomplete informatie';

export type TrackFormErrors = Partial<Record<TrackFormField, string>>;

export type TrackFormCheck =
  { ok: true } | { ok: false; kind: RefusalKind; errors: TrackFormErrors; first: TrackFormField };

const FIELD_ORDER: TrackFormField[] = ['file', 'artist', 'title', 'submittedBy', 'message'];

/** The error of the chosen file alone, shown as soon as it is picked. */
export function checkTrackFile(file: File | null): { kind: RefusalKind; text: string } | null {
  if (!file) {
    return {
      kind: 'Incomplete informatie',
      text: 'Incomplete informatie: kies een audiobestand.',
    };
  }
  if (!isTrackType(file)) {
    return {
      kind: 'Ongeldig bestandstype',
      text: 'Ongeldig bestandstype: kies een mp3-, mpeg-, wav-, flac-, aac-, ogg- of m4a-bestand.',
    };
  }
  if (file.size > CLOUD_UPLOAD_MAX_BYTES) {
    return {
      kind: 'Bestand te groot',
      text: `Bestand te groot: ${formatMegabytes(file.size)}, een track mag maximaal 50 MB zijn.`,
    };
  }
  return null;
}

/**
 * The spec's checks before any byte is sent: the file (type, size) and the text fields by the
 * same contract the server uses. The toast names the file's problem first, as the spec orders.
 */
export function checkTrackForm(form: TrackForm): TrackFormCheck {
  const errors: TrackFormErrors = {};
  const fileError = checkTrackFile(form.file);
  if (fileError) errors.file = fileError.text;
  const fields = cloudUploadFieldsSchema.safeParse({
    artist: form.artist,
    title: form.title,
    submittedBy: form.submittedBy,
    message: form.message,
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in form && !errors[field as TrackFormField]) {
        errors[field as TrackFormField] = issue.message;
      }
    }
  }
  const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
  if (!first) return { ok: true };
  return { ok: false, kind: fileError?.kind ?? 'Incomplete informatie', errors, first };
}
