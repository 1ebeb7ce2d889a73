import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDuration } from '@/lib/format-time';
import type { LibraryTrack } from '../api/search-library';
import { trackName } from '../lib/queue-display';

type LibraryResultsProps = {
  tracks: LibraryTrack[];
  /** The position an add puts a track at, and whether it is in range. */
  position: number;
  validPosition: boolean;
  busy: boolean;
  onAdd: (track: LibraryTrack) => void;
};

/** The library tracks a search found, each with its button to put it in the queue. */
export function LibraryResults({
  tracks,
  position,
  validPosition,
  busy,
  onAdd,
}: LibraryResultsProps) {
  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {tracks.length === 0
          ? 'Geen nummers in de bibliotheek gevonden'
          : `${tracks.length} ${tracks.length === 1 ? 'nummer' : 'nummers'} in de bibliotheek`}
      </p>
      <ul className="grid gap-2" aria-label="Zoekresultaten">
        {tracks.map((track) => (
          <li
            key={track.filename}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
          >
            <span className="min-w-0 flex-1 basis-48 break-words">
              {trackName(track)}
              {track.duration > 0 && (
                <span className="text-sm text-muted-foreground">
                  {' '}
                  ({formatDuration(track.duration)})
                </span>
              )}
            </span>
            <Button
              size="sm"
              disabled={busy || !validPosition}
              aria-label={`Toevoegen op positie ${position}: ${track.title}`}
              onClick={() => onAdd(track)}
            >
              <Plus aria-hidden="true" />
              Toevoegen op positie {validPosition ? position : '…'}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
