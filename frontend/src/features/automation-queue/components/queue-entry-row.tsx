import { useState, type DragEvent } from 'react';
import { GripVertical } from 'lucide-react';
import type { AdminPlaylistEntry } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/format-time';
import { expectedStart, KIND_LABELS, trackName, type Direction } from '../lib/queue-display';
import { MoveButton } from './move-button';

type QueueEntryRowProps = {
  entry: AdminPlaylistEntry;
  last: boolean;
  controls: boolean;
  timeZone: string;
  dragging: boolean;
  buttonRef: (direction: Direction, element: HTMLButtonElement | null) => void;
  onMove: (entry: AdminPlaylistEntry, direction: Direction) => void;
  onDragStart: (entry: AdminPlaylistEntry | null) => void;
  onDrop: (entry: AdminPlaylistEntry) => void;
};

/** One entry of the queue: what and for whom, and (when the queue can be changed) its moves. */
export function QueueEntryRow({
  entry,
  last,
  controls,
  timeZone,
  dragging,
  buttonRef,
  onMove,
  onDragStart,
  onDrop,
}: QueueEntryRowProps) {
  const [over, setOver] = useState(false);
  const start = expectedStart(entry.expectedStartTime, timeZone);
  const draggable = controls && entry.id !== null;
  const dropHandlers = draggable
    ? {
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setOver(false);
          onDrop(entry);
        },
      }
    : {};
  return (
    <li
      aria-label={`${entry.position}. ${trackName(entry)}`}
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', entry.id ?? '');
        onDragStart(entry);
      }}
      onDragEnd={() => onDragStart(null)}
      {...dropHandlers}
      className={`flex flex-wrap items-center gap-3 rounded-md border bg-card p-3 ${
        over ? 'border-primary ring-2 ring-primary' : 'border-border'
      } ${dragging ? 'opacity-50' : ''}`}
    >
      {draggable && (
        <GripVertical
          aria-hidden="true"
          className="size-4 shrink-0 cursor-grab text-muted-foreground"
        />
      )}
      <span className="w-7 shrink-0 text-right font-bold tabular-nums">{entry.position}.</span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold break-words">{trackName(entry)}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <Badge className="border-transparent bg-secondary text-secondary-foreground">
            {KIND_LABELS[entry.kind]}
          </Badge>
          {entry.requesterName && <span>voor {entry.requesterName}</span>}
          {start && <span>{start}</span>}
          {entry.duration > 0 && <span>{formatDuration(entry.duration)}</span>}
        </p>
      </div>
      {draggable && (
        <div className="flex gap-2">
          <MoveButton
            entry={entry}
            direction="up"
            blocked={entry.position === 1}
            buttonRef={(element) => buttonRef('up', element)}
            onMove={onMove}
          />
          <MoveButton
            entry={entry}
            direction="down"
            blocked={last}
            buttonRef={(element) => buttonRef('down', element)}
            onMove={onMove}
          />
        </div>
      )}
    </li>
  );
}
