import { stationInfoSchema, type StationInfo } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';

export function stationInfoRoutes(info: StationInfo): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/station-info',
      { config: { access: 'public' }, schema: { response: { 200: stationInfoSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return info;
      },
    );
  };
}
