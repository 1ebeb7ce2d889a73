import { useMutation } from '@tanstack/react-query';
import type { TrackSearchResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type SearchTerms = { artist: string; title: string };

export function searchTracks({ artist, title }: SearchTerms): Promise<TrackSearchResponse> {
  const query = new URLSearchParams();
  if (artist) query.set('artist', artist);
  if (title) query.set('title', title);
  return apiJson<TrackSearchResponse>('GET', `/api/search?${query.toString()}`);
}

/** A search runs when the listener asks for it (the form's submit), not while typing. */
export function useSearchTracks({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof searchTracks> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: searchTracks });
}
