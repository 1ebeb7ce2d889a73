import { ArrowDown, ArrowUp } from 'lucide-react';
import type { AdminPlaylistEntry } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import type { Direction } from '../lib/queue-display';

type MoveButtonProps = {
  entry: AdminPlaylistEntry;
  direction: Direction;
  blocked: boolean;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onMove: (entry: AdminPlaylistEntry, direction: Direction) => void;
};

/** "Omhoog" or "Omlaag" for one entry. */
export function MoveButton({ entry, direction, blocked, buttonRef, onMove }: MoveButtonProps) {
  const label = direction === 'up' ? 'Omhoog' : 'Omlaag';
  return (
    <Button
      ref={buttonRef}
      variant="outline"
      size="sm"
      // aria-disabled rather than disabled: the focused button must keep focus after its move.
      aria-disabled={blocked}
      aria-label={`${label}: ${entry.title}`}
      className={blocked ? 'opacity-50' : undefined}
      onClick={() => {
        if (!blocked) onMove(entry, direction);
      }}
    >
      {direction === 'up' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
      {label}
    </Button>
  );
}
