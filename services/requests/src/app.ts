import { createService, type ServiceApp } from '@radio/service-kit';
import type { RequestsConfig } from './config.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { SettingsRepository } from './settings/settings-repository.ts';

export function buildApp(config: RequestsConfig): Promise<ServiceApp> {
  return createService({
    name: 'requests',
    config,
    routes: async (app) => {
      await app.register(settingsRoutes(new SettingsRepository(app.db)));
    },
  });
}
