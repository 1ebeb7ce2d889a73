import type { RoutePlugin } from '@radio/service-kit';
import type { RequestsConfig } from '../config.ts';
import type { SettingsRepository } from './settings-repository.ts';

export interface BuiltInStationSettingsOptions {
  settings: SettingsRepository;
  config: Pick<RequestsConfig, 'STATION_API_KEY' | 'INTERNAL_TOKEN'>;
  /** The built-in station's now-playing URL when it runs. */
  builtInUrl: string | null;
}

/**
 * At every start: the environment's station key becomes the built-in station's, and an unset
 * nonstop source points at the built-in station (settings-repository.ts says when).
 */
export function builtInStationSettings({
  settings,
  config: { STATION_API_KEY: stationKey, INTERNAL_TOKEN: internalToken },
  builtInUrl,
}: BuiltInStationSettingsOptions): RoutePlugin {
  return async (app) => {
    app.addHook('onReady', async () => {
      if (stationKey !== undefined && (await settings.adoptStationKey(stationKey, internalToken))) {
        app.log.info('the built-in station key: STATION_API_KEY of the environment');
      }
      if (builtInUrl !== null && (await settings.useBuiltInStationAsNonstop(builtInUrl))) {
        app.log.info({ nowPlayingUrl: builtInUrl }, 'nonstop source: the built-in station');
      }
    });
  };
}
