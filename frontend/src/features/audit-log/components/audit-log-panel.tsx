import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { actionLabel } from './audit-log-labels';
import { AuditChanges } from './audit-changes';

/** The admin changes (Systeem tab), 25 per page, newest first. Read again whenever the tab opens. */
export function AuditLogPanel({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const when = new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_LOG_PAGE_SIZE));

  let body;
  if (log.isPending) {
    body = <Skeleton className="h-48 w-full" />;
  } else if (!log.data) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-destructive">
          Het wijzigingslogboek kon niet worden geladen: {failureMessage(log.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
          Opnieuw proberen
        </Button>
      </div>
    );
  } else if (log.data.total === 0) {
    body = <EmptyState>Nog geen wijzigingen.</EmptyState>;
  } else {
    body = (
      <>
        {/* On a phone each change is a block of its own (no sideways scrolling); a table from md. */}
        <table className="w-full text-left text-sm max-md:block">
          <thead className="text-xs text-muted-foreground max-md:sr-only">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Wanneer
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Wie
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Wat
              </th>
              <th scope="col" className="py-2 font-semibold">
                Van → Naar
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {log.data.entries.map((entry) => (
              <tr
                key={entry.id}
                className="border-t border-border align-top max-md:grid max-md:gap-0.5 max-md:py-2"
              >
                <td className="py-2 pr-4 whitespace-nowrap max-md:p-0 max-md:text-xs max-md:text-muted-foreground">
                  <time dateTime={entry.occurredAt}>
                    {when.format(Date.parse(entry.occurredAt))}
                  </time>
                </td>
                <td className="py-2 pr-4 break-words max-md:p-0">{entry.actorLabel}</td>
                <td className="py-2 pr-4 max-md:p-0">
                  <span className="font-medium">{actionLabel(entry.action)}</span>
                  {entry.target && (
                    <span className="block break-words text-muted-foreground">{entry.target}</span>
                  )}
                </td>
                <td className="py-2 max-md:p-0">
                  <AuditChanges entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          label="Pagina's van het wijzigingslogboek"
        />
      </>
    );
  }

  return (
    <Card className="grid gap-4 p-4">
      <section aria-label="Wijzigingslogboek" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold">Wijzigingslogboek</h2>
          <Button
            variant="outline"
            size="sm"
            disabled={log.isFetching}
            onClick={() => void log.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Vernieuwen
          </Button>
        </div>
        {body}
      </section>
    </Card>
  );
}
