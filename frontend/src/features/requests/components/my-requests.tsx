import type { OwnRequest } from '@radio/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { heardNow as readHeardNow } from '@/lib/server-clock';
import { useNow } from '@/lib/use-now';
import { NotifyButton } from './notify-button';
import { OwnRequestItem } from './own-request-item';
import { RequestListLoading } from './request-list-loading';
import { RequestListSection } from './request-list-section';

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
    <RequestListSection title="Mijn verzoekjes">
      <NotifyButton />
      {isError && !requests ? (
        <EmptyState>Je verzoekjes kunnen nu niet worden geladen.</EmptyState>
      ) : !requests ? (
        <RequestListLoading />
      ) : requests.length === 0 ? (
        <EmptyState>Je hebt nog geen verzoekjes ingediend.</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {requests.map((request) => (
            <OwnRequestItem
              key={request.id}
              request={request}
              heardNow={heardNow}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
    </RequestListSection>
  );
}
