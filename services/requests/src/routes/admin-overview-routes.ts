import { ADMIN_OVERVIEW_PATH, adminOverviewSchema } from '@radio/contracts';
import type { RoutePlugin } from '@radio/service-kit';
import type { AdminOverviewService } from '../overview/admin-overview.ts';

/** The admin's Overview tab: one cheap answer, polled while the tab is open. */
export function adminOverviewRoutes(overview: AdminOverviewService): RoutePlugin {
  return async (app) => {
    app.get(
      ADMIN_OVERVIEW_PATH,
      { config: { access: 'admin' }, schema: { response: { 200: adminOverviewSchema } } },
      async () => overview.get(),
    );
  };
}
