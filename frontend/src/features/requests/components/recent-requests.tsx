import { EmptyState } from '@/components/ui/empty-state';
import { clockOf } from '../lib/request-display';
import type { QueueListProps } from '../lib/queue-list-props';
import { PublicRequestItem } from './public-request-item';
import { RequestListLoading } from './request-list-loading';
import { RequestListSection } from './request-list-section';

/** Requests played in the last 24 hours, newest first. */
export function RecentRequests({ requests, isError, ownIds, timeZone }: QueueListProps) {
  return (
    <RequestListSection title="Onlangs gedraaid">
      {isError && !requests ? (
        <EmptyState>De gedraaide verzoekjes kunnen nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <RequestListLoading />
      ) : requests.length === 0 ? (
        <EmptyState>De afgelopen 24 uur zijn er nog geen verzoekjes gedraaid.</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {requests.map((request) => (
            <PublicRequestItem key={request.id} request={request} own={ownIds.has(request.id)}>
              {request.playedAt && (
                <time
                  dateTime={request.playedAt}
                  className="shrink-0 text-sm text-muted-foreground tabular-nums"
                >
                  {clockOf(request.playedAt, timeZone)}
                </time>
              )}
            </PublicRequestItem>
          ))}
        </ul>
      )}
    </RequestListSection>
  );
}
