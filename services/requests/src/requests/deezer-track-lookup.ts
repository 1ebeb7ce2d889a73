import { z } from 'zod';
import { HttpError } from '@radio/service-kit';
import type { LookupDeezerTrack } from './request-service.ts';

const LOOKUP_TIMEOUT_MS = 3_000;

const trackSchema = z.object({
  title: z.string(),
  readable: z.boolean().default(true),
  duration: z.number().nonnegative().default(0),
  artist: z.object({ name: z.string() }),
  album: z.object({ title: z.string() }).optional(),
});
const errorSchema = z.object({ error: z.object({ code: z.number().optional() }) });

const unavailable = (): HttpError =>
  new HttpError(
    503,
    'DEEZER_UNAVAILABLE',
    'Deezer is op dit moment niet bereikbaar. Probeer het later opnieuw.',
  );

/**
 * Deezer's public `GET /track/{id}` (a stand-in until the catalogue client with its cache is
 * injected): null for an id Deezer does not know (its HTTP 200 `error` code 800).
 */
export function deezerTrackLookup(apiUrl: string): LookupDeezerTrack {
  const base = apiUrl.replace(/\/$/, '');
  return async (deezerId) => {
    const response = await fetch(`${base}/track/${encodeURIComponent(deezerId)}`, {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    }).catch(() => null);
    if (!response?.ok) throw unavailable();
    const body: unknown = await response.json().catch(() => null);
    const failure = errorSchema.safeParse(body);
    if (failure.success) {
      if (failure.data.error.code === 800) return null;
      throw unavailable();
    }
    const track = trackSchema.safeParse(body);
    if (!track.success) throw unavailable();
    return {
      title: track.data.title,
      artist: track.data.artist.name,
      album: track.data.album?.title ?? '',
      duration: track.data.duration,
      readable: track.data.readable,
    };
  };
}
