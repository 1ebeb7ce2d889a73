import { useReducer, type FormEvent } from 'react';
import type { AdminPlaylistResponse } from '@radio/contracts';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { QUEUE_MACHINE } from '../api/get-automation-queue';
import { useInsertQueueEntry } from '../api/insert-queue-entry';
import { useSearchLibrary, type LibraryTrack } from '../api/search-library';

type InsertTrackState = { artist: string; title: string; position: string; error: string | null };

type InsertTrackChange =
  | { type: 'typed'; field: 'artist' | 'title' | 'position'; value: string }
  | { type: 'error'; error: string | null };

const EMPTY: InsertTrackState = { artist: '', title: '', position: '', error: null };

function reduce(state: InsertTrackState, change: InsertTrackChange): InsertTrackState {
  switch (change.type) {
    case 'typed':
      return { ...state, [change.field]: change.value };
    case 'error':
      return { ...state, error: change.error };
  }
}

/**
 * The "Nummer toevoegen" form: artist and title searched in the library, a position (empty:
 * the end) and the insert of a found track there, with the version of the queue the admin saw.
 */
export function useInsertTrack(queue: AdminPlaylistResponse) {
  const [state, dispatch] = useReducer(reduce, EMPTY);
  const end = queue.entries.length + 1;
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
  const chosen = state.position.trim() === '' ? end : Number(state.position);
  const validPosition = Number.isInteger(chosen) && chosen >= 1 && chosen <= end;

  function submit(event: FormEvent) {
    event.preventDefault();
    const artist = state.artist.trim();
    const title = state.title.trim();
    if (!artist && !title) {
      dispatch({ type: 'error', error: 'Voer minimaal een artiest of titel in.' });
      return;
    }
    dispatch({ type: 'error', error: null });
    search.mutate({ artist, title });
  }

  function add(track: LibraryTrack) {
    if (!validPosition) return;
    insert.mutate({
      filename: track.filename,
      position: chosen,
      machine: QUEUE_MACHINE,
      version: queue.version,
    });
  }

  const edit = (field: 'artist' | 'title' | 'position', value: string) =>
    dispatch({ type: 'typed', field, value });

  return { state, edit, end, chosen, validPosition, search, insert, submit, add };
}
