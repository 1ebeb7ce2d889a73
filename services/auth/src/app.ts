import { createService, type ServiceApp } from '@radio/service-kit';
import { AccountService } from './account/account-service.ts';
import { LoginThrottle } from './account/login-throttle.ts';
import { isRegistrationEnabled } from './account/registration-setting.ts';
import { UserAdminService } from './admin/user-admin-service.ts';
import type { AuthConfig } from './config.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { adminUserRoutes } from './routes/admin-user-routes.ts';
import { ensureFirstAdmin } from './users/first-admin.ts';
import { UsersRepository } from './users/users-repository.ts';

export function buildApp(config: AuthConfig): Promise<ServiceApp> {
  return createService({
    name: 'auth',
    config,
    routes: async (app) => {
      const users = new UsersRepository(app.db);
      const account = new AccountService({
        users,
        throttle: new LoginThrottle(app.redis),
        isRegistrationEnabled: () => isRegistrationEnabled(app.db),
      });
      await app.register(accountRoutes(account));
      await app.register(adminUserRoutes(new UserAdminService(users)));
      app.addHook('onReady', async () => {
        await ensureFirstAdmin(users, config, app.log);
      });
    },
  });
}
