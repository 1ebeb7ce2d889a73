import { z } from 'zod';
import { nowPlayingResponseSchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { NowPlayingFeed } from '../now-playing/now-playing-feed.ts';

/** Short: listeners poll every 30 s; browsers may reuse an answer for 5 s. */
const CACHE_CONTROL = 'public, max-age=5';
/**
 * For a caching gateway (nginx reads X-Accel-Expires before Cache-Control and never passes it
 * on): keep an answer one second, as long as this service keeps its rendering.
 */
const GATEWAY_CACHE_SECONDS = '1';

/** If-None-Match holds our ETag (the gateway weakens it, W/, when it compresses the answer). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

export function nowPlayingRoutes(feed: NowPlayingFeed): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/now-playing',
      {
        config: { access: 'public' },
        // Every listener polls it: only problems are logged.
        logLevel: 'warn',
        schema: { response: { 200: nowPlayingResponseSchema, 304: z.null() } },
      },
      async (request, reply) => {
        const rendered = feed.rendered(Date.now());
        reply
          .header('cache-control', CACHE_CONTROL)
          .header('x-accel-expires', GATEWAY_CACHE_SECONDS)
          .header('etag', rendered.etag);
        if (matches(request.headers['if-none-match'], rendered.etag)) {
          return reply.code(304).send(null);
        }
        // Already validated and serialised once this second.
        return reply
          .type('application/json; charset=utf-8')
          .serializer(() => rendered.json)
          .send(rendered.body);
      },
    );
  };
}
