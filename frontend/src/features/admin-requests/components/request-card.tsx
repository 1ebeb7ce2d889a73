import type { AdminRequest } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/cloud-upload-facts';
import { useSetRequestStatus } from '../api/set-request-status';
import { STATUS_LABELS, decisionsFor } from '../lib/request-facts';
import { RequestStatusBadge } from './request-status-badge';
import { SourceFacts } from './source-facts';

/** One request for the admin: what, for whom, where it stands at the station, and its decisions. */
export function RequestCard({ request, timeZone }: { request: AdminRequest; timeZone: string }) {
  const heading = `${request.artist} – ${request.title}`;
  const change = useSetRequestStatus({
    mutationConfig: {
      onSuccess: (updated) =>
        toast({
          title: 'Status bijgewerkt',
          description: `${updated.artist} – ${updated.title}: ${STATUS_LABELS[updated.status]}.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Status niet bijgewerkt',
          description: failureMessage(error),
        }),
    },
  });
  const decisions = decisionsFor(request.status);
  return (
    <Card className="grid content-start gap-3 p-4" role="article" aria-label={heading}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold break-words">{heading}</h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={request.requestedAt}>
              {formatDateTime(request.requestedAt, timeZone)}
            </time>{' '}
            · voor <span className="font-medium text-foreground">{request.requesterName}</span>
          </p>
        </div>
        <RequestStatusBadge status={request.status} />
      </div>
      <SourceFacts request={request} />
      {request.message && (
        <details className="rounded-md border p-2 text-sm">
          <summary className="cursor-pointer font-semibold">Bericht</summary>
          <p className="mt-2 break-words whitespace-pre-wrap">{request.message}</p>
        </details>
      )}
      {request.voicetrackUrl && (
        <audio
          controls
          preload="none"
          src={request.voicetrackUrl}
          aria-label={`Spraakbericht van ${request.requesterName}`}
          className="w-full"
        />
      )}
      {decisions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {decisions.map((decision) => (
            <Button
              key={decision.status}
              size="sm"
              variant={decision.status === 'approved' ? 'default' : 'outline'}
              disabled={change.isPending}
              aria-label={`${decision.label}: ${heading}`}
              onClick={() => change.mutate({ requestId: request.id, status: decision.status })}
            >
              {decision.label}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
