import { CLOUD_UPLOAD_MIN_KBPS, type CloudUpload } from '@radio/contracts';
import type { UploadProgress } from '../api/upload-track';

/**
 * The flag of an upload below the guideline: "lage bitrate: 96 kbps (onder de richtlijn van 128
 * kbps)"; for a lossy file whose bitrate could not be read, says so. Null when it meets it.
 */
export function lowBitrateLabel(
  upload: Pick<CloudUpload, 'lowBitrate' | 'bitrateKbps'>,
): string | null {
  if (!upload.lowBitrate) return null;
  if (upload.bitrateKbps === null) {
    return `bitrate onbekend (de richtlijn is minimaal ${CLOUD_UPLOAD_MIN_KBPS} kbps)`;
  }
  return `lage bitrate: ${upload.bitrateKbps} kbps (onder de richtlijn van ${CLOUD_UPLOAD_MIN_KBPS} kbps)`;
}

/** Percentage of the request sent (the server checks and stores as it arrives). */
export function percentSent({ sent, total }: UploadProgress): number {
  return total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
}
