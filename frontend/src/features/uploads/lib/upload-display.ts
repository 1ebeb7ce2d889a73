import {
  CLOUD_UPLOAD_MIN_KBPS,
  type CloudUpload,
  type CloudUploadStatusValue,
} from '@radio/contracts';

const STATUS_LABELS: Record<CloudUploadStatusValue, string> = {
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  downloaded: 'Gedownload',
};

export function uploadStatusLabel(status: CloudUploadStatusValue): string {
  return STATUS_LABELS[status];
}

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

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** "23 nov 2026 22:05" (nl-NL) in the station's time zone. */
export function uploadDate(iso: string, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(Date.parse(iso));
}
