import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, Music } from 'lucide-react';
import type { NowPlayingResponse } from '@radio/contracts';
import { SONG_HISTORY_LENGTH } from '@radio/contracts/limits';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatClock, isoDateTime } from '@/lib/format-time';
import { displayArtist, displayTitle } from '@/lib/song-names';
import { cn } from '@/lib/utils';

export type SongHistory = NowPlayingResponse['song_history'];

type RecentSongsProps = {
  /** The station's history; undefined while it loads or when it could not be loaded. */
  history: SongHistory | undefined;
  status: 'pending' | 'error' | 'success';
  /** The station's time zone (station info) the times are shown in; undefined while it loads. */
  timeZone: string | undefined;
  className?: string;
};

/** The server lists the plays newest first, at most SONG_HISTORY_LENGTH (spec section 9: 5). */
function SongRows({ history, timeZone }: { history: SongHistory; timeZone: string }) {
  if (history.length === 0) return <EmptyState>Geen recente nummers beschikbaar</EmptyState>;
  return (
    <ol className="divide-y">
      {history.map(({ played_at, song }) => (
        <li
          key={`${played_at}-${song.artist}-${song.title}`}
          className="flex items-center gap-4 py-3"
        >
          <span
            aria-hidden="true"
            className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground sm:inline-flex"
          >
            <Music className="size-4" />
          </span>
          <div className="grid min-w-0 flex-1">
            <p className="truncate font-semibold">{displayTitle(song.title)}</p>
            <p className="truncate text-sm text-muted-foreground">{displayArtist(song.artist)}</p>
          </div>
          <time
            dateTime={isoDateTime(played_at)}
            className="shrink-0 text-sm font-semibold text-muted-foreground tabular-nums"
          >
            {formatClock(played_at, timeZone)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function SkeletonRows() {
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

/** "Eerder op de radio": the songs played before the current one. */
export function RecentSongs({ history, status, timeZone, className }: RecentSongsProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle id={titleId}>Eerder op de radio</CardTitle>
        <CardDescription>De nummers die we net voor dit nummer draaiden.</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {history && timeZone ? (
          <SongRows history={history} timeZone={timeZone} />
        ) : status === 'pending' || history ? (
          <SkeletonRows />
        ) : (
          <EmptyState>Kan recente nummers niet laden</EmptyState>
        )}
      </CardContent>
      <div className="border-t px-6 py-4">
        <Link
          to="/playlist"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Bekijk de hele playlist
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Card>
  );
}
