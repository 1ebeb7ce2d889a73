import type { RequestStatusValue } from '@radio/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABELS } from '../lib/request-facts';

const VARIANTS = {
  pending: { variant: 'secondary' },
  approved: { variant: 'default' },
  played: { variant: 'outline' },
  rejected: {
    variant: undefined,
    className: 'border-transparent bg-destructive text-destructive-foreground',
  },
} as const satisfies Record<
  RequestStatusValue,
  { variant: 'secondary' | 'default' | 'outline' | undefined; className?: string }
>;

export function RequestStatusBadge({ status }: { status: RequestStatusValue }) {
  const look: { variant: 'secondary' | 'default' | 'outline' | undefined; className?: string } =
    VARIANTS[status];
  return (
    <Badge variant={look.variant} className={look.className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

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
