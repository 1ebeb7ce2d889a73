import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAvailableHours } from '../api/get-available-hours';
import type { HourChoice } from '../api/get-archive-tracks';
import { WHOLE_DAY } from '../hooks/use-archive-selection';
import { LoadFailed } from './load-failed';
import { Panel, trackCount } from './panel';

/** Spec section 9: placeholders for the 24 hours while they load. */
const HOUR_SKELETONS = 24;

function hourButtonClass(isSelected: boolean, isEmpty: boolean) {
  return cn(
    'rounded-lg border transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
    isSelected
      ? 'border-primary bg-primary text-primary-foreground shadow-sm'
      : isEmpty
        ? 'border-dashed bg-transparent text-muted-foreground hover:bg-muted'
        : 'bg-card hover:border-primary/40 hover:bg-accent',
  );
}

type HourPanelProps = {
  day: string | null;
  selected: HourChoice | null;
  onSelect: (hour: HourChoice) => void;
  className?: string;
};

/**
 * Step 2: "Hele dag" or one of the hours, each with its number of plays, in the server's clock
 * order (24 hours, or 23 on the day the clocks go forward).
 */
export function HourPanel({ day, selected, onSelect, className }: HourPanelProps) {
  const hours = useAvailableHours(day);

  function content() {
    if (day === null) return <EmptyState>Selecteer eerst een dag</EmptyState>;
    if (hours.isPending) {
      return (
        <div className="grid gap-3">
          <Skeleton className="h-12 w-full" />
          <ul aria-label="Uren laden" className="grid grid-cols-4 gap-2">
            {Array.from({ length: HOUR_SKELETONS }, (_, hour) => (
              <li key={hour} data-testid="hour-skeleton">
                <Skeleton className="h-14" />
              </li>
            ))}
          </ul>
        </div>
      );
    }
    if (hours.isError) {
      return <LoadFailed query={hours} />;
    }
    if (hours.data.length === 0) return <EmptyState>Geen data voor deze dag</EmptyState>;

    const total = hours.data.reduce((sum, hour) => sum + hour.trackCount, 0);
    const isWholeDay = selected === WHOLE_DAY;
    return (
      <div className="grid gap-3">
        <button
          type="button"
          aria-pressed={isWholeDay}
          onClick={() => onSelect(WHOLE_DAY)}
          className={cn(
            hourButtonClass(isWholeDay, false),
            'flex min-h-12 items-center justify-between px-4 py-2 font-semibold',
          )}
        >
          Hele dag
          <span className={cn('text-sm font-normal', !isWholeDay && 'text-muted-foreground')}>
            {trackCount(total)}
          </span>
        </button>
        <ul aria-label="Uren" className="grid grid-cols-4 gap-2">
          {hours.data.map((hour) => {
            const isSelected = selected === hour.value;
            return (
              <li key={hour.value}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(hour.value)}
                  className={cn(
                    hourButtonClass(isSelected, hour.trackCount === 0),
                    'grid min-h-14 w-full place-content-center gap-0.5 px-1 py-1.5 text-center',
                  )}
                >
                  {/* The name is the visible text ("14:00 3"), completed for screen readers
                      ("14:00 3 nummers"): label in name, WCAG 2.5.3. */}
                  <span className="text-sm font-semibold tabular-nums">{hour.label}</span>{' '}
                  <span
                    className={cn(
                      'text-xs tabular-nums',
                      isSelected ? 'text-primary-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {hour.trackCount}{' '}
                    <span className="sr-only">{hour.trackCount === 1 ? 'nummer' : 'nummers'}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <Panel step={2} title="Kies een uur" className={className}>
      {content()}
    </Panel>
  );
}
