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

/** The admin may download an approved upload, and again once downloaded (no status move then). */
export const canDownload = (upload: CloudUpload): boolean =>
  upload.status === 'approved' || upload.status === 'downloaded';

/** "3:05", or "onbekend" when it is not known. */
export const formatLength = (seconds: number | null): string =>
  seconds === null ? 'onbekend' : formatDuration(seconds);

export const formatBitrate = (kbps: number | null): string =>
  kbps === null ? 'onbekend' : `${kbps} kbps`;

/** What the file's own tags say, e.g. "De Dijk – Mag het licht uit (Niemand in de stad)". */
export function fileTagsText(tags: NonNullable<CloudUpload['fileTags']>): string {
  const name = [tags.artist, tags.title].filter(Boolean).join(' – ');
  return tags.album ? `${name} (${tags.album})`.trim() : name;
}
