import { useId, useState } from 'react';
import type { RequestStatusValue } from '@radio/contracts';
import { Pager } from '@/components/ui/pager';
import { FormField } from '@/components/ui/form-field';
import { useAdminRequests } from '../api/get-admin-requests';
import { STATUS_FILTERS } from '../lib/request-facts';
import { RequestsLoading } from './requests-loading';
import { RequestCard } from './request-card';

export const REQUESTS_PAGE_SIZE = 20;

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
