import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAvailableDates } from '../api/get-available-dates';
import { LoadFailed } from './load-failed';
import { Panel, trackCount } from './panel';

const DAY_SKELETON_ROWS = 7;

type DayPanelProps = {
  selected: string | null;
  onSelect: (day: string) => void;
  className?: string;
};

/** Step 1: the days of the archive, each with its label, "Vandaag" and its number of plays. */
export function DayPanel({ selected, onSelect, className }: DayPanelProps) {
  const dates = useAvailableDates();

  function content() {
    if (dates.isPending) {
      return (
        <ul aria-label="Dagen laden" className="grid h-full content-start gap-2 overflow-hidden">
          {Array.from({ length: DAY_SKELETON_ROWS }, (_, row) => (
            <li key={row}>
              <Skeleton className="h-14 w-full" />
            </li>
          ))}
        </ul>
      );
    }
    if (dates.isError) {
      return <LoadFailed query={dates} />;
    }
    if (dates.data.length === 0) return <EmptyState>Geen data beschikbaar</EmptyState>;
    return (
      <ul className="-m-1 grid h-[calc(100%+0.5rem)] content-start gap-2 overflow-y-auto p-1">
        {dates.data.map((date) => {
          const isSelected = date.value === selected;
          return (
            <li key={date.value}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(date.value)}
                className={cn(
                  'flex min-h-14 w-full items-center justify-between gap-3 rounded-lg border px-4 py-2.5 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                  isSelected
                    ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                    : 'bg-card hover:border-primary/40 hover:bg-accent',
                )}
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="inline-block font-semibold first-letter:uppercase">
                    {date.label}
                  </span>
                  <span
                    className={cn(
                      'text-sm',
                      isSelected ? 'text-primary-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {trackCount(date.trackCount)}
                  </span>
                </span>
                {date.isToday && (
                  <Badge
                    variant={isSelected ? 'secondary' : 'default'}
                    className="px-2 text-[0.6875rem]"
                  >
                    Vandaag
                  </Badge>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Panel step={1} title="Kies een dag" className={className}>
      {/* One height whatever it holds (loading, a few days or many), so nothing below it moves
          when the days arrive. */}
      <div className="h-80 lg:h-96">{content()}</div>
    </Panel>
  );
}
