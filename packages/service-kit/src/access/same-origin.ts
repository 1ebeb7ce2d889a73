import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isSameOriginOrAllowed(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  // Browsers always send Origin on state-changing calls; other clients (curl, the station) don't.
  if (origin === undefined) return true;
  // Never compared with Host: a forged request can carry a Host that matches its own Origin.
  return allowedOrigins.includes(origin);
}

/** CSRF defence: a browser on another site cannot make state-changing calls with our cookie. */
export function refuseCrossSiteRequests(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): void {
  app.addHook('onRequest', async (request) => {
    if (
      stateChangingMethods.has(request.method) &&
      !isSameOriginOrAllowed(request, allowedOrigins)
    ) {
      throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Verzoek geweigerd: onbekende herkomst');
    }
  });
}
