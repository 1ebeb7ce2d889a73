import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAdminOverview } from '../api/get-admin-overview';
import { OverviewCards } from './overview-cards';
import { OverviewSkeleton } from './overview-skeleton';

/**
 * The top of the admin's Overview tab: what plays, who listens, what waits, and whether the
 * station source answers. Polls every 30 seconds.
 */
export function StationOverview({ timeZone }: { timeZone: string }) {
  const overview = useAdminOverview();
  const retry = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void overview.refetch()}
      disabled={overview.isFetching}
    >
      <RotateCw aria-hidden="true" className={cn(overview.isFetching && 'animate-spin')} />
      Opnieuw proberen
    </Button>
  );
  return (
    <div className="grid gap-3">
      {overview.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-700 bg-red-50 p-3"
        >
          <p className="text-sm font-medium break-words text-red-800">
            {overview.data
              ? `Het overzicht kon niet worden bijgewerkt: ${failureMessage(overview.error)}`
              : `Het overzicht kon niet worden geladen: ${failureMessage(overview.error)}`}
          </p>
          {retry}
        </div>
      )}
      {overview.data ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <OverviewCards overview={overview.data} timeZone={timeZone} />
        </div>
      ) : (
        overview.isPending && <OverviewSkeleton />
      )}
    </div>
  );
}
