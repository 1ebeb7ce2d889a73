import { HttpError } from '@radio/service-kit';
import type { DeezerCatalogue } from '../catalogue/deezer-catalogue.ts';
import type { LookupDeezerTrack } from './judged-facts.ts';
import { REASONS } from './request-texts.ts';

/**
 * A Deezer request's track through the catalogue (Redis cache, the shared rate limit): null for
 * an id Deezer does not know; a 503 when Deezer cannot be asked now.
 */
export function catalogueTrackLookup(catalogue: DeezerCatalogue): LookupDeezerTrack {
  return async (deezerId) => {
    const result = await catalogue.track(deezerId);
    if (!result.ok) {
      throw new HttpError(503, 'DEEZER_UNAVAILABLE', REASONS.deezerUnreachable, {
        'retry-after': '60',
      });
    }
    return result.track;
  };
}
