import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useStationInfo } from '@/lib/station-info';
import { useAvailableDates } from '../api/get-available-dates';
import { useArchiveTracks, type HourChoice } from '../api/get-archive-tracks';
import { WHOLE_DAY } from '../hooks/use-archive-selection';
import { LoadFailed } from './load-failed';
import { Panel, trackCount } from './panel';
import { TrackRow } from './track-row';

const TRACK_SKELETON_ROWS = 8;

function hourLabel(hour: HourChoice): string {
  return hour === WHOLE_DAY ? 'Hele dag' : `${hour.padStart(2, '0')}:00`;
}

type TrackListProps = {
  day: string | null;
  hour: HourChoice | null;
  className?: string;
};

/** Step 3: the plays of the chosen day and hour, in a list that scrolls by itself. */
export function TrackList({ day, hour, className }: TrackListProps) {
  const tracks = useArchiveTracks(day, hour);
  const dates = useAvailableDates();
  const stationInfo = useStationInfo();
  const dayLabel = dates.data?.find((date) => date.value === day)?.label ?? day;

  const summary =
    day !== null && hour !== null ? (
      <>
        <span className="inline-block first-letter:uppercase">{dayLabel}</span> · {hourLabel(hour)}
        {tracks.data && <> · {trackCount(tracks.data.total)}</>}
      </>
    ) : undefined;

  function content() {
    if (day === null || hour === null) {
      return <EmptyState>Selecteer een dag en uur om de afspeellijst te bekijken</EmptyState>;
    }
    // Times are shown in the station's zone, so the rows wait for it too.
    if (tracks.isPending || stationInfo.isPending) {
      return (
        <ul aria-label="Nummers laden" className="grid gap-3">
          {Array.from({ length: TRACK_SKELETON_ROWS }, (_, row) => (
            <li key={row} data-testid="track-skeleton" className="flex items-center gap-4 py-1">
              <Skeleton className="h-4 w-16" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-3/5" />
                <Skeleton className="h-3 w-2/5" />
              </div>
              <Skeleton className="h-4 w-10" />
            </li>
          ))}
        </ul>
      );
    }
    if (tracks.isError) {
      return <LoadFailed query={tracks} />;
    }
    if (stationInfo.isError) {
      return <LoadFailed query={stationInfo} />;
    }
    if (tracks.data.items.length === 0) {
      return <EmptyState>Geen tracks gevonden voor deze selectie</EmptyState>;
    }
    return (
      // max-h-96: the list scrolls inside the panel (spec section 9).
      <div
        role="region"
        aria-label="Gedraaide nummers"
        tabIndex={0}
        className="max-h-96 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ol className="divide-y">
          {tracks.data.items.map((item) => (
            <TrackRow key={item.sh_id} item={item} timeZone={stationInfo.data.timeZone} />
          ))}
        </ol>
      </div>
    );
  }

  return (
    <Panel step={3} title="Afspeellijst" summary={summary} className={className}>
      {content()}
    </Panel>
  );
}
