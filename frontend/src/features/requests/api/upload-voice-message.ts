import type { VoiceMessageUploadResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export type VoiceMessageUpload = {
  audio: Blob;
  fileName: string;
  submittedBy: string;
  message: string;
};

/** Uploads the recorded voice message (multipart); the request then carries its URL. */
export function uploadVoiceMessage({
  audio,
  fileName,
  submittedBy,
  message,
}: VoiceMessageUpload): Promise<VoiceMessageUploadResponse> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  form.append('submittedBy', submittedBy);
  form.append('message', message);
  return apiJson<VoiceMessageUploadResponse>('POST', '/api/voicetrack-upload', form);
}
