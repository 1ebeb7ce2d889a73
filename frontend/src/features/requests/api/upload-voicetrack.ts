import type { VoicetrackUploadResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export type VoicetrackUpload = {
  audio: Blob;
  fileName: string;
  submittedBy: string;
  message: string;
};

/** Uploads the recorded voice message (multipart); the request then carries its URL. */
export function uploadVoicetrack({
  audio,
  fileName,
  submittedBy,
  message,
}: VoicetrackUpload): Promise<VoicetrackUploadResponse> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  form.append('submittedBy', submittedBy);
  form.append('message', message);
  return apiJson<VoicetrackUploadResponse>('POST', '/api/voicetrack-upload', form);
}
