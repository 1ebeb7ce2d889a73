import { fastifySSE } from '@fastify/sse';
import { z } from 'zod';
import type { NowPlayingResponse, PublicDjSettings } from '@radio/contracts';
import {
  DependencyUnavailableError,
  HttpError,
  optionalUser,
  type RoutePlugin,
} from '@radio/service-kit';
import type { LiveClient, LiveHub } from '../live/live-hub.ts';
import { eventFrame, helloFrame, jitter, parseEventId, retryFrame } from '../live/live-frames.ts';

/** A heartbeat comment this often keeps proxies (the gateway reads for 75 s) from closing it. */
const HEARTBEAT_MS = 20_000;
/** A page that reads slower than this much is behind gets its stream ended (it reconnects). */
const MAX_UNSENT_BYTES = 1024 * 1024;

export interface LiveState {
  nowPlaying: NowPlayingResponse;
  settings: PublicDjSettings;
}

export interface LiveRoutesOptions {
  hub: LiveHub;
  /** What a page that resyncs is sent: read from its source (Redis, the database). */
  state: () => Promise<LiveState>;
}

const acceptsEventStream = (accept: string | undefined): boolean =>
  accept !== undefined && /\btext\/event-stream\b/i.test(accept);

/**
 * GET /api/events: one event stream per open page (text/event-stream). `hello` first, then the
 * missed events (a known Last-Event-ID), or the current now playing and settings (resync);
 * afterwards every `now-playing` and `settings` event as it is published.
 */
export function liveRoutes({ hub, state }: LiveRoutesOptions): RoutePlugin {
  return async (app) => {
    await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });

    app.get(
      '/api/events',
      {
        config: { access: 'public' },
        // Every open page holds one: only problems are logged.
        logLevel: 'warn',
        // The handler decides: a JSON error before anything is streamed, else the stream.
        sse: 'manual',
        schema: {
          querystring: z.object({ lastEventId: z.string().max(32).optional() }),
          // Never serialised (the frames are written as they come); the kit wants a schema.
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        // A GET, so the kit's CSRF check passes it; another site has no business reading it.
        if (request.headers['sec-fetch-site'] === 'cross-site') {
          throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Verzoek geweigerd: onbekende herkomst');
        }
        if (!acceptsEventStream(request.headers.accept)) {
          throw new HttpError(
            406,
            'NOT_ACCEPTABLE',
            'Deze route stuurt alleen live updates (Accept: text/event-stream).',
          );
        }
        // HEAD (Fastify's twin of the GET): the headers of a stream, never a stream that never ends.
        if (request.method === 'HEAD') {
          return reply.type('text/event-stream').header('cache-control', 'no-cache').send('');
        }
        // Not subscribed (Redis away, or just back): a 503, the page polls meanwhile.
        if (!hub.ready) throw new DependencyUnavailableError('redis');
        const user = await optionalUser(request);
        const header = request.headers['last-event-id'];
        const lastId = parseEventId(
          typeof header === 'string' ? header : request.query.lastEventId,
        );

        const raw = reply.raw;
        // Events that come while the current state is read wait until it is written.
        let waiting: string[] | null = [];
        const send = (frame: string): void => {
          if (raw.destroyed || raw.writableEnded) return;
          if (raw.writableLength > MAX_UNSENT_BYTES) {
            hub.close(client);
            raw.destroy();
            return;
          }
          raw.write(frame);
        };
        const client: LiveClient = {
          user: user?.id ?? null,
          write: (frame) => (waiting ? waiting.push(frame) : send(frame)),
          end: (frame) => {
            if (raw.destroyed || raw.writableEnded) return;
            if (!raw.headersSent) {
              raw.destroy();
              return;
            }
            raw.end(frame);
          },
        };
        const replay = hub.open(client, lastId);
        reply.sse.onClose(() => hub.close(client));
        let initial: string[];
        if (replay) {
          initial = [
            helloFrame({ serverTime: Date.now(), resync: false }),
            ...replay.map((event) => event.frame),
          ];
        } else {
          const id = hub.latestId;
          let current: LiveState;
          try {
            current = await state();
          } catch (error) {
            hub.close(client);
            throw error;
          }
          initial = [
            helloFrame({ serverTime: Date.now(), resync: true }),
            eventFrame('now-playing', current.nowPlaying, id),
            eventFrame('settings', current.settings, id),
          ];
        }
        if (!reply.sse.isConnected) {
          hub.close(client);
          return;
        }
        reply.sse.keepAlive();
        reply.sse.sendHeaders();
        send(retryFrame(jitter(2_000, 5_000)));
        for (const frame of initial) send(frame);
        for (const frame of waiting) send(frame);
        waiting = null;
      },
    );
  };
}
