import type { ReactNode } from 'react';
import type { OwnRequest, PublicRequest } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { STATION_STEP_LABELS, stationStepFailed } from '@/lib/station-steps';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { heardNow as readHeardNow } from '@/lib/server-clock';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { clockOf, dayAndClockOf, statusLabel } from '../lib/request-display';
import { requestStage } from '../lib/request-stage';
import { NotifyButton } from './notify-button';

function ListSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
    </div>
  );
}

type QueueListProps = {
  requests: PublicRequest[] | undefined;
  isError: boolean;
  ownIds: ReadonlySet<number>;
  timeZone: string;
};

function RequestItem({
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

/** The requests waiting for airtime, in queue order, with when each is expected. */
export function UpcomingRequests({ requests, isError, ownIds, timeZone }: QueueListProps) {
  return (
    <ListSection title="Binnenkort te horen">
      {isError && !requests ? (
        <EmptyState>De wachtrij kan nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <Loading />
      ) : requests.length === 0 ? (
        <EmptyState>Er staan nog geen verzoekjes klaar.</EmptyState>
      ) : (
        <ol className="grid gap-2">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} own={ownIds.has(request.id)}>
              <span className="grid shrink-0 justify-items-end gap-0.5 text-sm">
                {request.position !== null && (
                  <span className="font-bold tabular-nums">
                    <span className="sr-only">Plaats </span>#{request.position}
                  </span>
                )}
                {request.expectedStartTime && (
                  <time
                    dateTime={request.expectedStartTime}
                    className="text-muted-foreground tabular-nums"
                  >
                    rond {clockOf(request.expectedStartTime, timeZone)}
                  </time>
                )}
              </span>
            </RequestItem>
          ))}
        </ol>
      )}
    </ListSection>
  );
}

/** Requests played in the last 24 hours, newest first. */
export function RecentRequests({ requests, isError, ownIds, timeZone }: QueueListProps) {
  return (
    <ListSection title="Onlangs gedraaid">
      {isError && !requests ? (
        <EmptyState>De gedraaide verzoekjes kunnen nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <Loading />
      ) : requests.length === 0 ? (
        <EmptyState>De afgelopen 24 uur zijn er nog geen verzoekjes gedraaid.</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} own={ownIds.has(request.id)}>
              {request.playedAt && (
                <time
                  dateTime={request.playedAt}
                  className="shrink-0 text-sm text-muted-foreground tabular-nums"
                >
                  {clockOf(request.playedAt, timeZone)}
                </time>
              )}
            </RequestItem>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

/** The listener's own latest requests: status, when asked, when played, message. */
export function MyRequests({
  requests,
  isError,
  timeZone,
}: {
  requests: OwnRequest[] | undefined;
  isError: boolean;
  timeZone: string;
}) {
  const heardNow = useNow(1000, readHeardNow);
  return (
    <ListSection title="Mijn verzoekjes">
      <NotifyButton />
      {isError && !requests ? (
        <EmptyState>Je verzoekjes kunnen nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <Loading />
      ) : requests.length === 0 ? (
        <EmptyState>Je hebt nog geen verzoekjes ingediend.</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {requests.map((request) => (
            <li key={request.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{request.title}</span>
                  <span className="block truncate text-muted-foreground">{request.artist}</span>
                </span>
                <Badge variant="outline">{requestStage(request, heardNow)}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                Aangevraagd:{' '}
                <time dateTime={request.requestedAt}>
                  {dayAndClockOf(request.requestedAt, timeZone)}
                </time>
                {request.playedAt && (
                  <>
                    {' · '}Gedraaid:{' '}
                    <time dateTime={request.playedAt}>
                      {dayAndClockOf(request.playedAt, timeZone)}
                    </time>
                  </>
                )}
              </span>
              {request.message && <span className="text-pretty">“{request.message}”</span>}
              {request.stationStep && (
                <span
                  className={
                    stationStepFailed(request.stationStep)
                      ? 'text-xs font-medium text-destructive'
                      : 'text-xs text-muted-foreground'
                  }
                >
                  Zender: {STATION_STEP_LABELS[request.stationStep]}
                  {stationStepFailed(request.stationStep) && request.stationNote && (
                    <> ({request.stationNote})</>
                  )}
                </span>
              )}
              {request.voicetrackUrl && (
                <span className="text-xs text-muted-foreground">Met ingesproken bericht</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
