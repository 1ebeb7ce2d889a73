import type { CloudUpload } from '@radio/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { MyUploadItem } from './my-upload-item';

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
            <MyUploadItem key={upload.id} upload={upload} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
