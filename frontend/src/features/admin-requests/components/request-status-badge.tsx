import type { RequestStatusValue } from '@radio/contracts';
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
