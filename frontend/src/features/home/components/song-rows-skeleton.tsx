import { SONG_HISTORY_LENGTH } from '@radio/contracts/limits';
import { Skeleton } from '@/components/ui/skeleton';

/** The recent songs' rows while now playing loads. */
export function SongRowsSkeleton() {
  return (
    <ul aria-label="Recente nummers laden" className="divide-y">
      {Array.from({ length: SONG_HISTORY_LENGTH }, (_, row) => (
        <li key={row} data-testid="recent-song-skeleton" className="flex items-center gap-4 py-3">
          <Skeleton className="hidden size-10 shrink-0 sm:block" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-4 w-10" />
        </li>
      ))}
    </ul>
  );
}
