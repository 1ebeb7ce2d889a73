import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/utils';
import type { SongHistory } from '../lib/song-history';
import { SongRows } from './song-rows';
import { SongRowsSkeleton } from './song-rows-skeleton';

type RecentSongsProps = {
  /** The station's history; undefined while it loads or when it could not be loaded. */
  history: SongHistory | undefined;
  status: 'pending' | 'error' | 'success';
  /** The station's time zone (station info) the times are shown in; undefined while it loads. */
  timeZone: string | undefined;
  className?: string;
};

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
          <SongRowsSkeleton />
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
