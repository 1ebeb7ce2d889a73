import { useId, useState } from 'react';
import { CloudDownload, Library, RadioTower, TriangleAlert } from 'lucide-react';
import type { AdminRequest, RequestStatusValue } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { STATION_STEP_LABELS, stationStepFailed } from '@/lib/station-steps';
import { formatDateTime } from '@/lib/cloud-upload-facts';
import { useAdminRequests } from '../api/get-admin-requests';
import { useSetRequestStatus } from '../api/set-request-status';
import { DOWNLOAD_LABELS, STATUS_FILTERS, STATUS_LABELS, decisionsFor } from '../lib/request-facts';
import { RequestStatusBadge, RequestsLoading } from './request-parts';

export const REQUESTS_PAGE_SIZE = 20;

function StationFacts({ request }: { request: AdminRequest }) {
  if (!request.stationStep) return null;
  const failed = stationStepFailed(request.stationStep);
  return (
    <span
      className={
        failed
          ? 'flex items-start gap-1.5 text-sm font-medium text-destructive'
          : 'flex items-start gap-1.5 text-sm text-muted-foreground'
      }
    >
      <RadioTower aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Zender: {STATION_STEP_LABELS[request.stationStep]}
        {request.stationNote && <> — {request.stationNote}</>}
      </span>
    </span>
  );
}

function SourceFacts({ request }: { request: AdminRequest }) {
  if (request.source === 'local') {
    return (
      <div className="grid gap-1 text-sm">
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Library aria-hidden="true" className="size-4" />
          Bibliotheek
        </span>
        <StationFacts request={request} />
      </div>
    );
  }
  const failed = request.downloadStatus === 'failed';
  return (
    <div className="grid gap-1 text-sm">
      <span className="flex flex-wrap items-center gap-1.5">
        <CloudDownload aria-hidden="true" className="size-4 text-muted-foreground" />
        Deezer
        {DOWNLOAD_LABELS[request.downloadStatus] && (
          <Badge
            variant={failed ? undefined : 'outline'}
            className={
              failed ? 'border-transparent bg-destructive text-destructive-foreground' : undefined
            }
          >
            {DOWNLOAD_LABELS[request.downloadStatus]}
          </Badge>
        )}
      </span>
      {failed && request.downloadError && (
        <span className="flex items-start gap-1.5 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {request.downloadError}
        </span>
      )}
      <StationFacts request={request} />
    </div>
  );
}

function RequestCard({ request, timeZone }: { request: AdminRequest; timeZone: string }) {
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

/** The admin's requests tab: 20 per page, a status filter, the decisions (spec section 2). */
export function RequestsPanel({ timeZone }: { timeZone: string }) {
  const filterId = useId();
  const [status, setStatus] = useState<RequestStatusValue | 'all'>('all');
  const [page, setPage] = useState(1);
  const requests = useAdminRequests({
    status: status === 'all' ? undefined : status,
    page,
    pageSize: REQUESTS_PAGE_SIZE,
  });
  const total = requests.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE));

  return (
    <section aria-label="Verzoekjes" className="grid gap-4">
      <FormField id={filterId} label="Status" className="flex flex-wrap items-center gap-2">
        {({ id }) => (
          <select
            id={id}
            className="h-9 rounded-md border border-input bg-card px-2 text-sm"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as RequestStatusValue | 'all');
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {requests.isPending || !requests.data ? (
        <RequestsLoading query={requests} className="h-64 w-full" />
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {total} {total === 1 ? 'verzoekje' : 'verzoekjes'}
          </p>
          <div className="grid items-start gap-3 lg:grid-cols-2">
            {requests.data.data.map((request) => (
              <RequestCard key={request.id} request={request} timeZone={timeZone} />
            ))}
          </div>
          {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
