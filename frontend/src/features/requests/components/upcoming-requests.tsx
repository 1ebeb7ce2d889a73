import { EmptyState } from '@/components/ui/empty-state';
import { clockOf } from '../lib/request-display';
import type { QueueListProps } from '../lib/queue-list-props';
import { PublicRequestItem } from './public-request-item';
import { RequestListLoading } from './request-list-loading';
import { RequestListSection } from './request-list-section';

/** The requests waiting for airtime, in queue order, with when each is expected. */
export function UpcomingRequests({ requests, isError, ownIds, timeZone }: QueueListProps) {
  return (
    <RequestListSection title="Binnenkort te horen">
      {isError && !requests ? (
        <EmptyState>De wachtrij kan nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <RequestListLoading />
      ) : requests.length === 0 ? (
        <EmptyState>Er staan nog geen verzoekjes klaar.</EmptyState>
      ) : (
        <ol className="grid gap-2">
          {requests.map((request) => (
            <PublicRequestItem key={request.id} request={request} own={ownIds.has(request.id)}>
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
            </PublicRequestItem>
          ))}
        </ol>
      )}
    </RequestListSection>
  );
}
