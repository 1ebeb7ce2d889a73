import type { CloudUpload, CloudUploadStatusValue } from '@radio/contracts';
import { formatDuration } from '@/lib/format-time';

export type UploadTab = CloudUploadStatusValue | 'all';

export const UPLOAD_TABS: readonly { value: UploadTab; label: string; empty: string }[] = [
  {
    value: 'pending',
    label: 'In afwachting',
    empty: 'Er wachten geen uploads op een beoordeling.',
  },
  { value: 'approved', label: 'Goedgekeurd', empty: 'Er zijn geen goedgekeurde uploads.' },
  { value: 'rejected', label: 'Afgewezen', empty: 'Er zijn geen afgewezen uploads.' },
  { value: 'downloaded', label: 'Gedownload', empty: 'Er zijn nog geen uploads gedownload.' },
  { value: 'all', label: 'Alle', empty: 'Er zijn nog geen tracks ingestuurd.' },
];

/** The tab named by ?status= (a reload keeps it); the waiting ones by default. */
export function tabFromParam(param: string | null): UploadTab {
  return UPLOAD_TABS.find((tab) => tab.value === param)?.value ?? 'pending';
}

export function uploadsInTab(uploads: readonly CloudUpload[], tab: UploadTab): CloudUpload[] {
  return tab === 'all' ? [...uploads] : uploads.filter((upload) => upload.status === tab);
}

export function tabCounts(uploads: readonly CloudUpload[]): Record<UploadTab, number> {
  const counts: Record<UploadTab, number> = {
    pending: 0,
    approved: 0,
    rejected: 0,
    downloaded: 0,
    all: uploads.length,
  };
  for (const upload of uploads) counts[upload.status] += 1;
  return counts;
}

const STATUS_LABELS: Record<CloudUploadStatusValue, string> = {
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  downloaded: 'Gedownload',
};

export const statusLabel = (status: CloudUploadStatusValue): string => STATUS_LABELS[status];

/** The admin may download an approved upload, and again once downloaded (no status move then). */
export const canDownload = (upload: CloudUpload): boolean =>
  upload.status === 'approved' || upload.status === 'downloaded';

/** "12,3 MB" (1 MB = 1024 × 1024 bytes, as the 50 MB limit counts). */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes.toLocaleString('nl-NL', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })} MB`;
}

/** "3:05", or "onbekend" when the file did not tell. */
export const formatLength = (seconds: number | null): string =>
  seconds === null ? 'onbekend' : formatDuration(seconds);

export const formatBitrate = (kbps: number | null): string =>
  kbps === null ? 'onbekend' : `${kbps} kbps`;

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** "23 nov 2026, 14:32" in the station's time zone. */
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
