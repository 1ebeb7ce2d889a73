import type { RoutePlugin } from '@radio/service-kit';
import { registerGauges } from '../metrics/gauges.ts';
import { liveRoutes } from '../routes/live-routes.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';
import { LiveHub } from './live-hub.ts';
import { liveState } from './live-state.ts';

/** Live push (GET /api/events): the hub of this copy's open streams, its gauge and its route. */
export function live(options: { settings: SettingsRepository; stationName: string }): RoutePlugin {
  return async (app) => {
    const hub = new LiveHub({ redis: app.redis, log: app.log, logLimiter: app.logLimiter });
    app.addHook('onReady', () => hub.start());
    // Open streams never end by themselves: end them before the server waits for them.
    app.addHook('preClose', async () => hub.stop());
    registerGauges(app.metrics, { liveConnections: () => hub.size });
    await app.register(liveRoutes({ hub, state: liveState({ redis: app.redis, ...options }) }));
  };
}
