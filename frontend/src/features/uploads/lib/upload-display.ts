import type { CloudUpload, CloudUploadStatusValue } from '@radio/contracts';

const STATUS_LABELS: Record<CloudUploadStatusValue, string> = {
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  downloaded: 'Gedownload',
};

export function uploadStatusLabel(status: CloudUploadStatusValue): string {
  return STATUS_LABELS[status];
}

/** "lage bitrate: 96 kbps" for an upload below the guideline; null when it meets it. */
export function lowBitrateLabel(upload: Pick<CloudUpload, 'lowBitrate' | 'bitrateKbps'>) {
  if (!upload.lowBitrate) return null;
  return `lage bitrate: ${upload.bitrateKbps === null ? 'onbekend' : `${upload.bitrateKbps} kbps`}`;
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
