import { Skeleton } from '@/components/ui/skeleton';

/** The same box while the link loads (field, button, status line), so nothing moves after it. */
export function CopyLinkPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-10 shrink-0 sm:w-36" />
      </div>
      <div className="min-h-5" />
    </div>
  );
}
