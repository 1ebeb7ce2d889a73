import type { ReactNode } from 'react';
import type { PublicRequest } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { statusLabel } from '../lib/request-display';

/** One request of a public list (the listener's own marked), with what the list adds to it. */
export function PublicRequestItem({
  request,
  own,
  children,
}: {
  request: PublicRequest;
  own: boolean;
  children: ReactNode;
}) {
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border bg-card p-3',
        own && 'border-primary bg-accent/40 ring-1 ring-primary',
      )}
    >
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-semibold">{request.title}</span>
        <span className="truncate text-sm text-muted-foreground">{request.artist}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>voor {request.requesterName}</span>
          {own && <Badge>Jouw verzoekje</Badge>}
          <Badge variant="outline">{statusLabel(request.status)}</Badge>
        </span>
      </span>
      {children}
    </li>
  );
}
