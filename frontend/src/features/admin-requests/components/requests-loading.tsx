import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';

/** While a list of requests loads, or why it did not. */
export function RequestsLoading({
  query,
  className,
}: {
  query: { isPending: boolean; error: Error | null };
  className: string;
}) {
  if (query.isPending) return <Skeleton className={className} />;
  return (
    <p role="alert" className="text-destructive">
      De verzoekjes konden niet worden geladen: {failureMessage(query.error)}
    </p>
  );
}
