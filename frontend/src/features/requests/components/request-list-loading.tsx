import { Skeleton } from '@/components/ui/skeleton';

/** A list's place while it loads. */
export function RequestListLoading() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
    </div>
  );
}
