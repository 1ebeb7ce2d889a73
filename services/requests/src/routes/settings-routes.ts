import {
  broadcastingModeBodySchema,
  broadcastingModeResponseSchema,
  publicDjSettingsSchema,
  toggleBodySchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import { toPublicSettings } from '../settings/public-settings.ts';
import type { RequestService } from '../requests/request-service.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';

export function settingsRoutes(
  settings: SettingsRepository,
  requests: Pick<RequestService, 'broadcastingModeChanged'>,
): RoutePlugin {
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
      async (request) => {
        const before = await settings.get();
        const after = await settings.setRegistrationEnabled(request.body.enabled);
        await request.server.adminAudit.record(request, {
          action: 'settings.registration',
          target: 'Instellingen',
          before,
          after,
          fields: ['registrationEnabled'],
        });
        return toPublicSettings(after);
      },
    );

    // Off: the request page shows its gate and POST /api/requests refuses; what waits stays queued.
    app.patch(
      '/api/admin/toggle-requests',
      {
        config: { access: 'admin' },
        schema: { body: toggleBodySchema, response: { 200: publicDjSettingsSchema } },
      },
      async (request) => {
        const before = await settings.get();
        const after = await settings.setRequestsEnabled(request.body.enabled);
        await request.server.adminAudit.record(request, {
          action: 'settings.requests',
          target: 'Instellingen',
          before,
          after,
          fields: ['requestsEnabled'],
        });
        return toPublicSettings(after);
      },
    );

    // Back in nonstop, the requests the DJ approved during the live show go into the queue, or
    // to AzuraCast's request API; the switch stands whatever AzuraCast answers.
    app.patch(
      '/api/admin/broadcasting-mode',
      {
        config: { access: 'admin' },
        schema: {
          body: broadcastingModeBodySchema,
          response: { 200: broadcastingModeResponseSchema },
        },
      },
      async (request) => {
        const before = await settings.get();
        const updated = await settings.setBroadcastingMode(request.body.mode);
        await request.server.adminAudit.record(request, {
          action: 'settings.broadcasting-mode',
          target: 'Instellingen',
          before,
          after: updated,
          fields: ['broadcastingMode'],
        });
        const { stationSubmissions } = await requests.broadcastingModeChanged(request.body.mode);
        return { ...toPublicSettings(updated), stationSubmissions };
      },
    );
  };
}
