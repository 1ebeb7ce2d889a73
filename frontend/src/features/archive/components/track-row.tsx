import { Clock } from 'lucide-react';
import type { PlaylistItem } from '@radio/contracts';
import { formatClockWithSeconds, formatDuration, isoDateTime } from '@/lib/format-time';
import { displayArtist, displayTitle } from '@/lib/song-names';

/** One play of the archive: when, artist and title, album. */
export function TrackRow({ item, timeZone }: { item: PlaylistItem; timeZone: string }) {
  const album = item.song.album?.trim();
  return (
    <li className="flex items-start gap-3 px-1 py-3 sm:gap-4">
      <time
        dateTime={isoDateTime(item.played_at)}
        className="w-17 shrink-0 pt-0.5 text-sm font-semibold text-muted-foreground tabular-nums"
      >
        {formatClockWithSeconds(item.played_at, timeZone)}
      </time>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold break-words">{displayTitle(item.song.title)}</p>
        <p className="text-sm break-words text-muted-foreground">
          {displayArtist(item.song.artist)}
          {album && <span> · {album}</span>}
        </p>
      </div>
      <span className="flex shrink-0 items-center gap-1 pt-0.5 text-sm text-muted-foreground tabular-nums">
        <Clock aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Duur</span>
        {formatDuration(item.duration)}
      </span>
    </li>
  );
}
