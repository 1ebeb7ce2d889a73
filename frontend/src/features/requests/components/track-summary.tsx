import type { TrackSearchResult } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/format-time';

export function sourceLabel(source: TrackSearchResult['source']): string {
  return source === 'deezer' ? 'Deezer' : 'Bibliotheek';
}

/** Title, artist, album, length and where it comes from (library or Deezer). */
export function TrackSummary({ track }: { track: TrackSearchResult }) {
  return (
    <span className="grid min-w-0 gap-1 text-left">
      <span className="truncate font-semibold">{track.title}</span>
      <span className="truncate text-sm text-muted-foreground">
        {track.artist}
        {track.album ? ` · ${track.album}` : ''}
      </span>
      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant={track.source === 'deezer' ? 'secondary' : 'outline'}>
          {sourceLabel(track.source)}
        </Badge>
        {track.duration > 0 && (
          <span className="tabular-nums">
            <span className="sr-only">Duur </span>
            {formatDuration(track.duration)}
          </span>
        )}
      </span>
    </span>
  );
}
