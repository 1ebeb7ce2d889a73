import { z } from 'zod';

/** Spec section 9: a voice message is at most 120 s (2:00); the recorder stops by itself there. */
export const VOICETRACK_MAX_SECONDS = 120;

/** POST /api/voicetrack-upload (multipart: audio, submittedBy, message) answers where it is. */
export const voicetrackUploadResponseSchema = z.object({ downloadUrl: z.string() });
export type VoicetrackUploadResponse = z.infer<typeof voicetrackUploadResponseSchema>;
