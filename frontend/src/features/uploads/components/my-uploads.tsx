import { AlertTriangle } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { cloudUploadStatusLabel, formatDateTime, formatMegabytes } from '@/lib/cloud-upload-facts';
import { lowBitrateLabel } from '../lib/upload-display';

const STATUS_STYLES: Record<CloudUpload['status'], string> = {
  pending: 'border-input text-foreground',
  approved: 'border-transparent bg-primary text-primary-foreground',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
  downloaded: 'border-transparent bg-secondary text-secondary-foreground',
};

function UploadItem({ upload, timeZone }: { upload: CloudUpload; timeZone: string }) {
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

/** The listener's own uploads, newest first, with where each stands. */
export function MyUploads({
  uploads,
  isError,
  timeZone,
}: {
  uploads: CloudUpload[] | undefined;
  isError: boolean;
  timeZone: string;
}) {
  return (
    <section aria-labelledby="mijn-uploads" className="grid grid-cols-1 content-start gap-3">
      <h2 id="mijn-uploads" className="text-lg font-bold">
        Mijn uploads
      </h2>
      {isError && !uploads ? (
        <EmptyState>Je uploads kunnen nu niet worden geladen.</EmptyState>
      ) : !uploads ? (
        <div className="grid gap-2" aria-hidden="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : uploads.length === 0 ? (
        <EmptyState>Je hebt nog geen tracks geüpload.</EmptyState>
      ) : (
        <ul className={cn('grid gap-2')} aria-label="Mijn uploads, nieuwste eerst">
          {uploads.map((upload) => (
            <UploadItem key={upload.id} upload={upload} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
