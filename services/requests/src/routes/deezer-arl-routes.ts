import { updateDeezerArlBodySchema, updateDeezerArlResponseSchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { SettingsRepository } from '../settings/settings-repository.ts';
import { updateDeezerArl } from '../deezer/update-deezer-arl.ts';

export interface DeezerArlRoutesOptions {
  settings: Pick<SettingsRepository, 'setDeezerArl' | 'get'>;
  gatewayUrl: string;
  timeoutMs: number;
}

export function deezerArlRoutes(options: DeezerArlRoutesOptions): RoutePlugin {
  return async (app) => {
    app.post(
      '/api/admin/update-deezer-arl',
      {
        config: { access: 'admin' },
        schema: {
          body: updateDeezerArlBodySchema,
          response: { 200: updateDeezerArlResponseSchema },
        },
      },
      async (request) => {
        const { deezerArl } = await options.settings.get();
        const result = await updateDeezerArl(
          {
            settings: options.settings,
            gateway: { gatewayUrl: options.gatewayUrl, timeoutMs: options.timeoutMs },
            onUntested: (problem) =>
              app.logLimiter.log(
                request.log,
                'warn',
                'deezer-gateway',
                { problem },
                'Deezer user-data call failed: ARL not tested',
              ),
          },
          request.body.arl,
        );
        if (result.valid) {
          await request.server.adminAudit.record(request, {
            action: 'settings.deezer-arl',
            target: 'Instellingen',
            before: { deezerArl },
            after: { deezerArl: request.body.arl },
            secretFields: ['deezerArl'],
          });
        }
        return result;
      },
    );
  };
}
