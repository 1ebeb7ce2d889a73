import type { CloudUploadStatusValue } from '@radio/contracts';

const STATUS_LABELS: Record<CloudUploadStatusValue, string> = {
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  downloaded: 'Gedownload',
};

/** A track upload's status as the uploader and the admin read it. */
export const cloudUploadStatusLabel = (status: CloudUploadStatusValue): string =>
  STATUS_LABELS[status];

const MEGABYTE = 1024 * 1024;
const megabytes = new Intl.NumberFormat('nl-NL', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "12,3 MB" (nl-NL, binary megabytes as the 50 MB limit counts them). */
export function formatMegabytes(bytes: number): string {
  return `${megabytes.format(bytes / MEGABYTE)} MB`;
}

// Here rather than in format-time.ts, which every page loads: only the upload pages date moments.
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** "23 nov 2026, 14:32" in `timeZone` for an ISO moment. */
export function formatDateTime(iso: string, timeZone: string): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(Date.parse(iso));
}
