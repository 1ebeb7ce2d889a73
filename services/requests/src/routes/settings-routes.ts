import {
  broadcastingModeBodySchema,
  broadcastingModeResponseSchema,
  publicDjSettingsSchema,
  toggleBodySchema,
} from '@radio/contracts';
import type { AdminAuditAction } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import type { RoutePlugin } from '@radio/service-kit';
import type { FastifyRequest } from 'fastify';
import { toPublicSettings } from '../settings/public-settings.ts';
import type { RequestService } from '../requests/request-service.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';

export function settingsRoutes(
  settings: SettingsRepository,
  requests: Pick<RequestService, 'broadcastingModeChanged'>,
): RoutePlugin {
  /** Changes one setting and hands the change to the audit log; answers the settings after it. */
  async function changeSetting(
    request: FastifyRequest,
    action: AdminAuditAction,
    field: keyof DjSettingsRow,
    change: () => Promise<DjSettingsRow>,
  ): Promise<DjSettingsRow> {
    const before = await settings.get();
    const after = await change();
    await request.server.adminAudit.record(request, {
      action,
      target: 'Instellingen',
      before,
      after,
      fields: [field],
    });
    return after;
  }

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
        toPublicSettings(
          await changeSetting(request, 'settings.registration', 'registrationEnabled', () =>
            settings.setRegistrationEnabled(request.body.enabled),
          ),
        ),
    );

    // Off: the request page shows its gate and POST /api/requests refuses; what waits stays queued.
    app.patch(
      '/api/admin/toggle-requests',
      {
        config: { access: 'admin' },
        schema: { body: toggleBodySchema, response: { 200: publicDjSettingsSchema } },
      },
      async (request) =>
        toPublicSettings(
          await changeSetting(request, 'settings.requests', 'requestsEnabled', () =>
            settings.setRequestsEnabled(request.body.enabled),
          ),
        ),
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
        const updated = await changeSetting(
          request,
          'settings.broadcasting-mode',
          'broadcastingMode',
          () => settings.setBroadcastingMode(request.body.mode),
        );
        const { stationSubmissions } = await requests.broadcastingModeChanged(request.body.mode);
        return { ...toPublicSettings(updated), stationSubmissions };
      },
    );
  };
}
