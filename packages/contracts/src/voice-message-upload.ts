import { z } from 'zod';

/** The recorder stops at 120 s (spec section 9); the server allows a little slack. */
export const VOICE_MESSAGE_MAX_SECONDS = 125;
/** Bytes an uploaded recording may have: 125 s of 48 kHz mono 16-bit WAV with room to spare. */
export const VOICE_MESSAGE_MAX_BYTES = 16 * 1024 * 1024;
/** A voice message not attached to a request within this time is deleted. */
export const VOICE_MESSAGE_UNUSED_HOURS = 24;
/** Where the uploads service serves stored objects: `/files/<object key>`. */
export const FILES_PATH_PREFIX = '/files/';
/** Where the uploads service serves voice messages: `/files/voicetracks/<key>.mp3`. */
export const VOICE_MESSAGE_PATH_PREFIX = `${FILES_PATH_PREFIX}voicetracks/`;

/** The text fields of POST /api/voicetrack-upload (multipart, next to the `audio` file). */
export const voiceMessageUploadFieldsSchema = z.object({
  submittedBy: z.string().trim().max(200).optional(),
  message: z.string().trim().max(2000).optional(),
});

/** Answer of POST /api/voicetrack-upload (spec section 7). */
export const voiceMessageUploadResponseSchema = z.object({
  /** Path of the voice message, to send as `voicetrackUrl` with the request. */
  downloadUrl: z.string(),
});
export type VoiceMessageUploadResponse = z.infer<typeof voiceMessageUploadResponseSchema>;

/** The stored object behind a voice message path: `/files/voicetracks/x.mp3` → `voicetracks/x.mp3`. */
export const voiceMessageObjectKey = (downloadUrl: string): string =>
  downloadUrl.slice(FILES_PATH_PREFIX.length);
