import { AlertTriangle } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { cloudUploadStatusLabel, formatDateTime, formatMegabytes } from '@/lib/cloud-upload-facts';
import { lowBitrateLabel } from '../lib/upload-display';

const STATUS_STYLES: Record<CloudUpload['status'], string> = {
  pending: 'border-input text-foreground',
  approved: 'border-transparent bg-primary text-primary-foreground',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
  downloaded: 'border-transparent bg-secondary text-secondary-foreground',
};

/** One of the listener's own uploads: what, when, and how its review stands. */
export function MyUploadItem({ upload, timeZone }: { upload: CloudUpload; timeZone: string }) {
  const lowBitrate = lowBitrateLabel(upload);
  return (
    <li className="grid grid-cols-1 gap-1.5 rounded-lg border bg-card p-3 text-sm">
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-semibold break-words">
          {upload.artist} – {upload.title}
        </span>
        <Badge variant="outline" className={STATUS_STYLES[upload.status]}>
          {cloudUploadStatusLabel(upload.status)}
        </Badge>
      </span>
      <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground tabular-nums">
        <time dateTime={upload.uploadedAt}>{formatDateTime(upload.uploadedAt, timeZone)}</time>
        <span aria-hidden="true">·</span>
        <span>{formatMegabytes(upload.sizeBytes)}</span>
        {upload.bitrateKbps !== null && !lowBitrate && (
          <>
            <span aria-hidden="true">·</span>
            <span>{upload.bitrateKbps} kbps</span>
          </>
        )}
      </span>
      {lowBitrate && (
        <span className="flex items-start gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
          <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span>{lowBitrate}</span>
        </span>
      )}
      {upload.libraryStatus === 'added' && (
        <span className="text-xs text-muted-foreground">
          Staat in de muziekbibliotheek van de zender
        </span>
      )}
      {upload.message && <span className="text-pretty">“{upload.message}”</span>}
    </li>
  );
}
