import { publicDjSettingsSchema, toggleBodySchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import { toPublicSettings } from '../settings/public-settings.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';

export function settingsRoutes(settings: SettingsRepository): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/dj-settings',
      { config: { access: 'public' }, schema: { response: { 200: publicDjSettingsSchema } } },
      async () => toPublicSettings(await settings.get()),
    );

    app.post(
      '/api/dj-settings/registration',
      {
        config: { access: 'admin' },
        schema: { body: toggleBodySchema, response: { 200: publicDjSettingsSchema } },
      },
      async (request) =>
        toPublicSettings(await settings.setRegistrationEnabled(request.body.enabled)),
    );
  };
}
