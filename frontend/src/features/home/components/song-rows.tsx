import { Music } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { formatClock, isoDateTime } from '@/lib/format-time';
import { displayArtist, displayTitle } from '@/lib/song-names';
import type { SongHistory } from '../lib/song-history';

/** The server lists the plays newest first, at most SONG_HISTORY_LENGTH (spec section 9: 5). */
export function SongRows({ history, timeZone }: { history: SongHistory; timeZone: string }) {
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
