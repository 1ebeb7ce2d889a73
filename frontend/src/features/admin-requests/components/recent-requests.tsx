import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/cloud-upload-facts';
import { useAdminRequests } from '../api/get-admin-requests';
import { RequestStatusBadge } from './request-status-badge';
import { RequestsLoading } from './requests-loading';

const RECENT_COUNT = 5;

/** The overview's "Recente verzoekjes": the 5 newest, with a way to the requests tab. */
export function RecentRequests({ timeZone }: { timeZone: string }) {
  const recent = useAdminRequests({ page: 1, pageSize: RECENT_COUNT });
  return (
    <Card className="grid gap-3 p-4">
      <section aria-labelledby="recente-verzoekjes" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recente-verzoekjes" className="text-lg font-bold">
            Recente verzoekjes
          </h2>
          <Link
            to="?tab=verzoekjes"
            className="text-sm font-semibold text-primary underline underline-offset-4"
          >
            Alle verzoekjes
          </Link>
        </div>
        {recent.isPending || !recent.data ? (
          <RequestsLoading query={recent} className="h-40 w-full" />
        ) : recent.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Er zijn nog geen verzoekjes.</p>
        ) : (
          <ul className="grid gap-2">
            {recent.data.data.map((request) => (
              <li
                key={request.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold break-words">
                    {request.artist} – {request.title}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    <time dateTime={request.requestedAt}>
                      {formatDateTime(request.requestedAt, timeZone)}
                    </time>{' '}
                    · voor {request.requesterName}
                  </span>
                </span>
                <RequestStatusBadge status={request.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
