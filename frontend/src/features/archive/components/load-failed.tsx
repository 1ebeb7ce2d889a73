import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** A failed load: the reason and a way to try again. */
export function LoadFailed({
  query: { error, refetch, isFetching: isRetrying },
}: {
  /** The query that failed. */
  query: { error: Error; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-lg bg-red-50 px-4 py-6 text-center"
    >
      <p className="text-sm font-medium break-words text-destructive">{failureMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className={cn(isRetrying && 'animate-spin')} />
        Opnieuw proberen
      </Button>
    </div>
  );
}
