import { useEffect, useRef, useState } from 'react';
import type { AdminPlaylistEntry } from '@radio/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { QUEUE_MACHINE, useAutomationQueue } from '../api/get-automation-queue';
import { useMoveQueueEntry } from '../api/move-queue-entry';
import { InsertTrackForm } from './insert-track-form';
import { QueueEntryRow } from './queue-entry-row';

/**
 * The admin panel's Playlist tab: the queue the station plays next, moved by buttons (keyboard) or drag
 * and drop, and library tracks put in at a position. Every change sends the version the admin
 * saw; the list is read again after each one and every 15 s.
 */
export function AutomationQueuePanel({ timeZone }: { timeZone: string }) {
  const queue = useAutomationQueue();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const [dragged, setDragged] = useState<AdminPlaylistEntry | null>(null);
  const move = useMoveQueueEntry({
    mutationConfig: {
      onSuccess: (_answer, body) =>
        toast({ title: 'Verplaatst', description: `Nu op positie ${body.toPosition}.` }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Verplaatsen mislukt',
          description: failureMessage(failure),
        }),
    },
  });

  // React moves a reordered row's DOM node, which drops focus: give it back once the list is new.
  useEffect(() => {
    if (refocus.current === null || move.isPending) return;
    buttons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [move.isPending, queue.data]);

  if (queue.isPending) return <Skeleton className="h-64 w-full" />;
  if (!queue.data) {
    return (
      <p role="alert" className="text-destructive">
        De wachtrij kon niet worden geladen: {failureMessage(queue.error)}
      </p>
    );
  }
  const data = queue.data;

  function moveTo(entry: AdminPlaylistEntry, toPosition: number, focusKey?: string) {
    if (entry.id === null || move.isPending || toPosition === entry.position) return;
    if (focusKey) refocus.current = focusKey;
    move.mutate({
      fromPosition: entry.position,
      toPosition,
      machine: QUEUE_MACHINE,
      entryId: entry.id,
      version: data.version,
    });
  }

  return (
    <section aria-label="Playlist" className="grid gap-4">
      {!data.reorderable && data.reason && (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          {data.reason}
        </p>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {data.entries.length === 0
          ? 'De wachtrij is leeg'
          : `${data.entries.length} ${data.entries.length === 1 ? 'nummer' : 'nummers'} in de wachtrij`}
        {data.reorderable && data.entries.length > 1 && ' · sleep of gebruik Omhoog/Omlaag'}
      </p>
      {data.entries.length > 0 && (
        <ol aria-label="Wachtrij" className="grid gap-2">
          {data.entries.map((entry, index) => (
            <QueueEntryRow
              key={entry.id ?? `plek-${entry.position}`}
              entry={entry}
              last={index === data.entries.length - 1}
              controls={data.reorderable}
              timeZone={timeZone}
              dragging={dragged?.id === entry.id}
              buttonRef={(direction, element) => {
                const key = `${entry.id}-${direction}`;
                if (element) buttons.current.set(key, element);
                else buttons.current.delete(key);
              }}
              onMove={(moved, direction) =>
                moveTo(
                  moved,
                  moved.position + (direction === 'up' ? -1 : 1),
                  `${moved.id}-${direction}`,
                )
              }
              onDragStart={setDragged}
              onDrop={(target) => {
                if (dragged) moveTo(dragged, target.position);
                setDragged(null);
              }}
            />
          ))}
        </ol>
      )}
      {data.reorderable && <InsertTrackForm queue={data} />}
    </section>
  );
}
