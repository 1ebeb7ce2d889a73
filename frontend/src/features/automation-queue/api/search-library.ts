import { useMutation } from '@tanstack/react-query';
import type { TrackSearchResponse, TrackSearchResult } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export type LibraryTrack = TrackSearchResult & { filename: string };

/** The search's library results only: those are what an insert takes (by `filename`). */
export async function searchLibrary({
  artist,
  title,
}: {
  artist: string;
  title: string;
}): Promise<LibraryTrack[]> {
  const query = new URLSearchParams();
  if (artist) query.set('artist', artist);
  if (title) query.set('title', title);
  const answer = await apiJson<TrackSearchResponse>('GET', `/api/search?${query.toString()}`);
  return answer.data.filter(
    (track): track is LibraryTrack => track.source === 'local' && track.filename !== undefined,
  );
}

export function useSearchLibrary() {
  return useMutation({ mutationFn: searchLibrary });
}
