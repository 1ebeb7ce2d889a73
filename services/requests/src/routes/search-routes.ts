import { searchQuerySchema, trackSearchResponseSchema } from '@radio/contracts';
import { currentUser, type RoutePlugin } from '@radio/service-kit';
import type { TrackSearch } from '../search/track-search.ts';

export function searchRoutes(search: TrackSearch): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/search',
      {
        config: { access: 'user' },
        schema: {
          querystring: searchQuerySchema,
          response: { 200: trackSearchResponseSchema },
        },
      },
      async (request) => search.search(currentUser(request), request.query),
    );
  };
}
