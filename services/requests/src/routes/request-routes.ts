import {
  adminRequestSchema,
  adminRequestsQuerySchema,
  adminRequestsResponseSchema,
  createRequestBodySchema,
  idParamsSchema,
  ownRequestSchema,
  ownRequestsResponseSchema,
  pendingRequestsResponseSchema,
  recentRequestsResponseSchema,
  requestRefusalSchema,
  requestStatusBodySchema,
} from '@radio/contracts';
import { currentUser, type RoutePlugin } from '@radio/service-kit';
import type { RequestModules } from '../requests/request-modules.ts';

export function requestRoutes(requests: RequestModules): RoutePlugin {
  return async (app) => {
    app.post(
      '/api/requests',
      {
        config: { access: 'user' },
        schema: {
          body: createRequestBodySchema,
          response: {
            200: ownRequestSchema,
            201: ownRequestSchema,
            409: requestRefusalSchema,
            429: requestRefusalSchema,
          },
        },
      },
      // A refusal (RequestRefusal) answers 409 or 429 with retryAfter through the error handler.
      async (request, reply) => {
        const { body } = request;
        const { request: created, created: isNew } = await requests.submit.submit(
          currentUser(request),
          {
            source: body.source,
            libraryTrackId: body.libraryTrackId,
            filename: body.filename,
            deezerId: body.deezer_id,
            message: body.message,
            browserFingerprint: body.browserFingerprint,
            voicetrackUrl: body.voicetrackUrl,
          },
          request.ip || null,
        );
        // A retried submit answers the request it made the first time.
        return reply.code(isNew ? 201 : 200).send(created);
      },
    );

    app.get(
      '/api/pending-requests',
      { config: { access: 'user' }, schema: { response: { 200: pendingRequestsResponseSchema } } },
      async () => {
        const data = await requests.lists.pending();
        return { data, total: data.length };
      },
    );

    app.get(
      '/api/requests/mine',
      { config: { access: 'user' }, schema: { response: { 200: ownRequestsResponseSchema } } },
      async (request) => {
        const data = await requests.lists.mine(currentUser(request));
        return { data, total: data.length };
      },
    );

    app.get(
      '/api/recent-requests',
      { config: { access: 'user' }, schema: { response: { 200: recentRequestsResponseSchema } } },
      async () => {
        const data = await requests.lists.recent();
        return { data, total: data.length };
      },
    );

    app.get(
      '/api/requests',
      {
        config: { access: 'admin' },
        schema: {
          querystring: adminRequestsQuerySchema,
          response: { 200: adminRequestsResponseSchema },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        return { ...(await requests.lists.list(request.query)), page, pageSize };
      },
    );

    app.patch(
      '/api/requests/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          params: idParamsSchema,
          body: requestStatusBodySchema,
          response: { 200: adminRequestSchema },
        },
      },
      async (request) => {
        const { status } = request.body;
        const changed = await requests.review.setStatus(
          request.params.id,
          status,
          currentUser(request),
        );
        await request.server.adminAudit.record(request, {
          action: 'request.status',
          target: `${changed.request.artist} – ${changed.request.title}`,
          before: { status: changed.previousStatus },
          after: { status },
        });
        return changed.request;
      },
    );
  };
}
