/** Spec section 9: a voice message is at most 2:00; the recorder stops by itself there. */
export const RECORDING_MAX_SECONDS = 120;

// Spec section 9: webm/opus first, then the fallbacks; the file extension follows the type.
const CANDIDATE_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
  'audio/wav',
  'audio/mpeg',
] as const;

/** The first type this browser records, or undefined to let it choose. */
export function recordingType(
  isSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type),
): string | undefined {
  return CANDIDATE_TYPES.find((type) => isSupported(type));
}

export function extensionOf(mimeType: string): string {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.endsWith('/mp4') || type.endsWith('/x-m4a') || type.endsWith('/aac')) return 'm4a';
  if (type.endsWith('/wav') || type.endsWith('/x-wav') || type.endsWith('/wave')) return 'wav';
  if (type.endsWith('/ogg')) return 'ogg';
  if (type.endsWith('/mpeg') || type.endsWith('/mp3')) return 'mp3';
  return 'webm';
}

/** 48 kHz mono 16-bit with every processing step off: the DJ gets the voice as it was spoken. */
export const RECORDING_CONSTRAINTS: MediaTrackConstraints = {
  sampleRate: 48_000,
  channelCount: 1,
  sampleSize: 16,
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

/** About 320 kbps; 1 s chunks, so a stop keeps all but the last second even if the tab dies. */
export const RECORDING_BITS_PER_SECOND = 320_000;
export const RECORDING_CHUNK_MS = 1000;

/** What the preview player says when it cannot play; the recording can still be sent. */
export function previewErrorText(code: number | undefined): string {
  const stillSendable = 'Je opname kan wel gewoon verstuurd worden.';
  switch (code) {
    case 4: // MEDIA_ERR_SRC_NOT_SUPPORTED
      return `Afspelen niet mogelijk: dit formaat wordt niet ondersteund. ${stillSendable}`;
    case 2: // MEDIA_ERR_NETWORK
      return `Afspelen niet mogelijk door een netwerkfout. ${stillSendable}`;
    case 3: // MEDIA_ERR_DECODE
      return `Afspelen niet mogelijk: de opname kon niet worden gedecodeerd. ${stillSendable}`;
    default: // MEDIA_ERR_ABORTED and the rest
      return `Afspelen onderbroken. ${stillSendable}`;
  }
}
