import { REQUEST_TRACK_READY_CHANNEL } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';

export interface TrackReadySubscriberOptions {
  requests: {
    /** Queues the approved request whose track is ready; answers how many were queued. */
    trackReady(requestId: number): Promise<number>;
    /** Queues every approved request left unqueued; answers how many were queued. */
    reconcile(): Promise<number>;
  };
  /** Tells a request's owner it changed. Must not throw. */
  announce: (requestId: number) => void;
  /** Logs a subscriber error (rate-limited by the caller). */
  warn: (error: unknown) => void;
}

/**
 * The worker says a Deezer request's track is in the library (REQUEST_TRACK_READY_CHANNEL):
 * queue it. On every (re)connection, queue what a missed message left behind.
 */
export function trackReadySubscriber(options: TrackReadySubscriberOptions): RoutePlugin {
  return async (app) => {
    const subscriber = app.redis.duplicate({ commandTimeout: undefined });
    subscriber.on('error', options.warn);
    subscriber.on('message', (_channel: string, message: string) => {
      const requestId = Number(message);
      if (!Number.isSafeInteger(requestId) || requestId <= 0) return;
      options.requests.trackReady(requestId).then(
        (queued) => {
          app.log.info({ requestId, queued }, 'deezer request ready');
          // Its download is done and it has its place now: the owner sees both.
          options.announce(requestId);
        },
        (error: unknown) =>
          app.log.error({ err: error, requestId }, 'queueing a ready request failed'),
      );
    });
    const catchUp = async (): Promise<void> => {
      await subscriber.subscribe(REQUEST_TRACK_READY_CHANNEL);
      const queued = await options.requests.reconcile();
      if (queued > 0) app.log.info({ queued }, 'queued approved requests left unqueued');
    };
    const catchUpLogged = (): void => {
      catchUp().catch((error: unknown) =>
        app.log.warn({ err: error }, 'catching up on ready requests failed'),
      );
    };
    app.addHook('onReady', async () => {
      if (subscriber.status === 'ready') catchUpLogged();
      subscriber.on('ready', catchUpLogged);
    });
    app.addHook('onClose', async () => {
      subscriber.disconnect();
    });
  };
}
