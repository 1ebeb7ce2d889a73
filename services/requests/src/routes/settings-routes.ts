import {
  broadcastingModeBodySchema,
  broadcastingModeResponseSchema,
  publicDjSettingsSchema,
  toggleBodySchema,
} from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { FastifyRequest } from 'fastify';
import type { RecordAdminChange, SettingsSwitches } from '../settings/settings-switches.ts';

/** The audit trail as the admin making this request. */
const auditAs =
  (request: FastifyRequest): RecordAdminChange =>
  (change) =>
    request.server.adminAudit.record(request, change);

export function settingsRoutes(switches: SettingsSwitches): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/dj-settings',
      { config: { access: 'public' }, schema: { response: { 200: publicDjSettingsSchema } } },
      () => switches.publicSettings(),
    );

    app.post(
      '/api/dj-settings/registration',
      {
        config: { access: 'admin' },
        schema: { body: toggleBodySchema, response: { 200: publicDjSettingsSchema } },
      },
      (request) => switches.setRegistrationEnabled(request.body.enabled, auditAs(request)),
    );

    app.patch(
      '/api/admin/toggle-requests',
      {
        config: { access: 'admin' },
        schema: { body: toggleBodySchema, response: { 200: publicDjSettingsSchema } },
      },
      (request) => switches.setRequestsEnabled(request.body.enabled, auditAs(request)),
    );

    app.patch(
      '/api/admin/broadcasting-mode',
      {
        config: { access: 'admin' },
        schema: {
          body: broadcastingModeBodySchema,
          response: { 200: broadcastingModeResponseSchema },
        },
      },
      (request) => switches.setBroadcastingMode(request.body.mode, auditAs(request)),
    );
  };
}
