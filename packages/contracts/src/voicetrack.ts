import { z } from 'zod';

/** Answer of POST /api/voicetrack-upload (spec section 7). */
export const voicetrackUploadResponseSchema = z.object({
  /** Path of the voice message, to send as `voicetrackUrl` with the request. */
  downloadUrl: z.string(),
});
export type VoicetrackUploadResponse = z.infer<typeof voicetrackUploadResponseSchema>;
