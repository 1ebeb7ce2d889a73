import {
  adminSettingsSchema,
  sourceTestResultSchema,
  testSourceBodySchema,
  updateAdminSettingsBodySchema,
  updateAdminSettingsResponseSchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import { SETTINGS_FORM_FIELDS, type AdminSettings } from '../settings/admin-settings.ts';

/** The settings tab: sources, stream, library name and request limits (keys write only). */
export function adminSettingsRoutes(settings: AdminSettings): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/admin/settings',
      { config: { access: 'admin' }, schema: { response: { 200: adminSettingsSchema } } },
      () => settings.get(),
    );

    // A changed source is tested first: 422 SOURCE_TEST_FAILED and nothing saved when it fails.
    app.patch(
      '/api/admin/settings',
      {
        config: { access: 'admin' },
        schema: {
          body: updateAdminSettingsBodySchema,
          response: { 200: updateAdminSettingsResponseSchema },
        },
      },
      async (request) => {
        const { response, before, after } = await settings.update(request.body);
        await request.server.adminAudit.record(request, {
          action: 'settings.station',
          target: 'Instellingen',
          before,
          after,
          fields: SETTINGS_FORM_FIELDS,
          secretFields: ['nonstopApiKey', 'liveApiKey'],
        });
        return response;
      },
    );

    app.post(
      '/api/admin/settings/test-source',
      {
        config: { access: 'admin' },
        schema: { body: testSourceBodySchema, response: { 200: sourceTestResultSchema } },
      },
      (request) => settings.testSource(request.body),
    );
  };
}
