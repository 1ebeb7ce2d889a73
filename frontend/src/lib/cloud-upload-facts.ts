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
