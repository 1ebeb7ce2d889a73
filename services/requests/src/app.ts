import { createService, type ServiceApp } from '@radio/service-kit';
import { builtInNowPlayingUrl } from '@radio/station';
import type { RequestsConfig } from './config.ts';
import { DeezerArlRepository } from './deezer/deezer-arl-repository.ts';
import { deezerArlRoutes } from './routes/deezer-arl-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { stationRoutes } from './routes/station-routes.ts';
import { SettingsRepository } from './settings/settings-repository.ts';
import { BuiltInPlaysRepository } from './station/built-in-plays-repository.ts';
import { StationLibrary } from './station/station-library.ts';

export function buildApp(config: RequestsConfig): Promise<ServiceApp> {
  return createService({
    name: 'requests',
    config,
    routes: async (app) => {
      const settings = new SettingsRepository(app.db);
      await app.register(settingsRoutes(settings));
      await app.register(
        deezerArlRoutes({
          arls: new DeezerArlRepository(app.db),
          gatewayUrl: config.DEEZER_GATEWAY_URL,
          timeoutMs: config.DEEZER_GATEWAY_TIMEOUT_SECONDS * 1000,
        }),
      );
      await app.register(
        stationRoutes({
          plays: new BuiltInPlaysRepository(app.db),
          library: new StationLibrary({
            rotation: config.LIBRARY_DIR,
            requestOnly: config.REQUEST_LIBRARY_DIR,
          }),
          station: {
            name: config.STATION_NAME,
            timezone: config.STATION_TZ,
            publicOrigin: config.PUBLIC_ORIGIN[0] ?? '',
          },
        }),
      );

      const builtInStationUrl = config.BUILT_IN_STATION_URL;
      if (builtInStationUrl) {
        app.addHook('onReady', async () => {
          const nowPlayingUrl = builtInNowPlayingUrl(builtInStationUrl);
          if (await settings.useBuiltInStationAsNonstop(nowPlayingUrl, config.INTERNAL_TOKEN)) {
            app.log.info({ nowPlayingUrl }, 'nonstop source: the built-in station');
          }
        });
      }
    },
  });
}
