import { z } from 'zod';
import { FORBIDDEN_CHARACTERS } from './requests.ts';

export const SEARCH_TERM_MAX_LENGTH = 200;
export const NO_SEARCH_TERM_MESSAGE = 'Voer minimaal een artiest of titel in.';

const searchTerm = z
  .string()
  .trim()
  .max(SEARCH_TERM_MAX_LENGTH, {
    message: `Een zoekterm mag maximaal ${SEARCH_TERM_MAX_LENGTH} tekens bevatten.`,
  })
  .refine((value) => !FORBIDDEN_CHARACTERS.test(value), {
    message: 'De zoekterm bevat tekens die niet zijn toegestaan.',
  })
  .optional()
  .transform((value) => value || undefined);

/** GET /api/search?artist=&title= (spec section 7): at least one of the two. */
export const searchQuerySchema = z
  .object({ artist: searchTerm, title: searchTerm })
  .refine((query) => query.artist !== undefined || query.title !== undefined, {
    message: NO_SEARCH_TERM_MESSAGE,
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A track search result (spec section 3), with what POST /api/requests takes to ask for it. */
export const trackSearchResultSchema = z.object({
  source: z.enum(['local', 'deezer']),
  title: z.string(),
  artist: z.string(),
  album: z.string(),
  /** Seconds; 0 when unknown. */
  duration: z.number().int().nonnegative(),
  /** Library tracks: the library path, and the id POST /api/requests takes. */
  filename: z.string().optional(),
  libraryTrackId: z.number().int().positive().optional(),
  /** Deezer tracks. */
  deezer_id: z.string().optional(),
  available: z.boolean(),
  /** Why it cannot be requested now (Dutch), when not available. */
  reason: z.string().optional(),
  /** Seconds until it can be, when that is known. */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type TrackSearchResult = z.infer<typeof trackSearchResultSchema>;

export const trackSearchResponseSchema = z.object({
  data: z.array(trackSearchResultSchema),
  total: z.number().int().nonnegative(),
  /** False when the Deezer catalogue could not be searched: only library results are listed. */
  catalogueSearched: z.boolean(),
});
export type TrackSearchResponse = z.infer<typeof trackSearchResponseSchema>;
