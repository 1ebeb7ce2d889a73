import { useId } from 'react';
import { Search } from 'lucide-react';
import type { AdminPlaylistResponse } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureMessage } from '@/lib/api-client';
import { useInsertTrack } from '../hooks/use-insert-track';
import { LibraryResults } from './library-results';

/** "Nummer toevoegen": a library track found by artist and title, put in at a position. */
export function InsertTrackForm({ queue }: { queue: AdminPlaylistResponse }) {
  const id = useId();
  const { state, edit, end, chosen, validPosition, search, insert, submit, add } =
    useInsertTrack(queue);
  return (
    <Card className="grid gap-4 p-4">
      <h3 className="font-bold">Nummer toevoegen</h3>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField id={`${id}-artist`} label="Artiest" className="gap-1.5">
          {({ id: inputId }) => (
            <Input
              id={inputId}
              value={state.artist}
              onChange={(e) => edit('artist', e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-title`} label="Titel" className="gap-1.5">
          {({ id: inputId }) => (
            <Input
              id={inputId}
              value={state.title}
              onChange={(e) => edit('title', e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={search.isPending}>
          <Search aria-hidden="true" />
          Zoeken
        </Button>
      </form>
      {state.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {state.error}
        </p>
      )}
      <FormField
        id={`${id}-position`}
        label="Positie"
        className="max-w-xs gap-1.5"
        hint={
          validPosition ? `Leeg: achteraan (${end})` : `Kies een positie van 1 tot en met ${end}`
        }
        invalid={!validPosition}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={end}
            placeholder={String(end)}
            value={state.position}
            onChange={(e) => edit('position', e.target.value)}
          />
        )}
      </FormField>
      {search.isError && (
        <p role="alert" className="text-sm text-destructive">
          Zoeken mislukt: {failureMessage(search.error)}
        </p>
      )}
      {search.data && (
        <LibraryResults
          tracks={search.data}
          position={chosen}
          validPosition={validPosition}
          busy={insert.isPending}
          onAdd={add}
        />
      )}
    </Card>
  );
}
