import { Skeleton } from '@/components/ui/skeleton';

/** The uploads list while it loads. */
export function UploadsLoading() {
  return (
    <div role="status" aria-label="Laden" className="grid gap-3">
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}
