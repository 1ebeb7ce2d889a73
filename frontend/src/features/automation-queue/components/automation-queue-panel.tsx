import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Plus, Search } from 'lucide-react';
import type { AdminPlaylistEntry, AdminPlaylistResponse } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { formatClock, formatDuration } from '@/lib/format-time';
import { QUEUE_MACHINE, useAutomationQueue } from '../api/get-automation-queue';
import { useInsertQueueEntry } from '../api/insert-queue-entry';
import { useMoveQueueEntry } from '../api/move-queue-entry';
import { useSearchLibrary, type LibraryTrack } from '../api/search-library';

const KIND_LABELS: Record<AdminPlaylistEntry['kind'], string> = {
  request: 'verzoekje',
  manual: 'handmatig',
  voice_message: 'spraakbericht',
  station: 'AzuraCast',
};

type Direction = 'up' | 'down';

const trackName = (track: { artist: string; title: string }): string =>
  track.artist ? `${track.artist} – ${track.title}` : track.title;

function expectedStart(iso: string | null, timeZone: string): string | null {
  if (iso === null) return null;
  const moment = Date.parse(iso);
  return Number.isNaN(moment) ? null : `rond ${formatClock(moment / 1000, timeZone)}`;
}

function EntryRow({
  entry,
  last,
  controls,
  timeZone,
  dragging,
  buttonRef,
  onMove,
  onDragStart,
  onDrop,
}: {
  entry: AdminPlaylistEntry;
  last: boolean;
  controls: boolean;
  timeZone: string;
  dragging: boolean;
  buttonRef: (direction: Direction, element: HTMLButtonElement | null) => void;
  onMove: (entry: AdminPlaylistEntry, direction: Direction) => void;
  onDragStart: (entry: AdminPlaylistEntry | null) => void;
  onDrop: (entry: AdminPlaylistEntry) => void;
}) {
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
  const moveButton = (direction: Direction) => {
    const blocked = direction === 'up' ? entry.position === 1 : last;
    const label = direction === 'up' ? 'Omhoog' : 'Omlaag';
    return (
      <Button
        ref={(element) => buttonRef(direction, element)}
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
  };
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
      {controls && entry.id !== null && (
        <div className="flex gap-2">
          {moveButton('up')}
          {moveButton('down')}
        </div>
      )}
    </li>
  );
}

function InsertForm({ playlist }: { playlist: AdminPlaylistResponse }) {
  const id = useId();
  const end = playlist.entries.length + 1;
  const [artist, setArtist] = useState('');
  const [title, setTitle] = useState('');
  const [position, setPosition] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const search = useSearchLibrary();
  const insert = useInsertQueueEntry({
    mutationConfig: {
      onSuccess: (_answer, body) =>
        toast({
          title: 'Toegevoegd',
          description: `Het nummer staat op positie ${body.position}.`,
        }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Toevoegen mislukt',
          description: failureMessage(failure),
        }),
    },
  });
  const chosen = position.trim() === '' ? end : Number(position);
  const validPosition = Number.isInteger(chosen) && chosen >= 1 && chosen <= end;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!artist.trim() && !title.trim()) {
      setError('Voer minimaal een artiest of titel in.');
      return;
    }
    setError(null);
    search.mutate({ artist: artist.trim(), title: title.trim() });
  }

  function add(track: LibraryTrack) {
    if (!validPosition) return;
    insert.mutate({
      filename: track.filename,
      position: chosen,
      machine: QUEUE_MACHINE,
      version: playlist.version,
    });
  }

  return (
    <Card className="grid gap-4 p-4">
      <h3 className="font-bold">Nummer toevoegen</h3>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-artist`}>Artiest</Label>
          <Input id={`${id}-artist`} value={artist} onChange={(e) => setArtist(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>Titel</Label>
          <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <Button type="submit" disabled={search.isPending}>
          <Search aria-hidden="true" />
          Zoeken
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor={`${id}-position`}>Positie</Label>
        <Input
          id={`${id}-position`}
          type="number"
          inputMode="numeric"
          min={1}
          max={end}
          placeholder={String(end)}
          value={position}
          aria-describedby={`${id}-position-hint`}
          aria-invalid={!validPosition}
          onChange={(e) => setPosition(e.target.value)}
        />
        <span id={`${id}-position-hint`} className="text-xs text-muted-foreground">
          {validPosition ? `Leeg: achteraan (${end})` : `Kies een positie van 1 tot en met ${end}`}
        </span>
      </div>
      {search.isError && (
        <p role="alert" className="text-sm text-destructive">
          Zoeken mislukt: {failureMessage(search.error)}
        </p>
      )}
      {search.data && (
        <div className="grid gap-2">
          <p role="status" className="text-sm text-muted-foreground">
            {search.data.length === 0
              ? 'Geen nummers in de bibliotheek gevonden'
              : `${search.data.length} ${search.data.length === 1 ? 'nummer' : 'nummers'} in de bibliotheek`}
          </p>
          <ul className="grid gap-2" aria-label="Zoekresultaten">
            {search.data.map((track) => (
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
                  disabled={insert.isPending || !validPosition}
                  aria-label={`Toevoegen op positie ${chosen}: ${track.title}`}
                  onClick={() => add(track)}
                >
                  <Plus aria-hidden="true" />
                  Toevoegen op positie {validPosition ? chosen : '…'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

/**
 * The admin's playlist tab: the queue the station plays next, moved by buttons (keyboard) or drag
 * and drop, and library tracks put in at a position. Every change sends the version the admin
 * saw; the list is read again after each one and every 15 s.
 */
export function AutomationQueuePanel({ timeZone }: { timeZone: string }) {
  const playlist = useAutomationQueue();
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
  }, [move.isPending, playlist.data]);

  if (playlist.isPending) return <Skeleton className="h-64 w-full" />;
  if (!playlist.data) {
    return (
      <p role="alert" className="text-destructive">
        De wachtrij kon niet worden geladen: {failureMessage(playlist.error)}
      </p>
    );
  }
  const data = playlist.data;

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
            <EntryRow
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
      {data.reorderable && <InsertForm playlist={data} />}
    </section>
  );
}
