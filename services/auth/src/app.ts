import { createService, type ServiceApp } from '@radio/service-kit';
import { AccountService } from './account/account-service.ts';
import { DeviceCookie } from './account/device-cookie.ts';
import { LoginThrottle } from './account/login-throttle.ts';
import { RegistrationLimit } from './account/registration-limit.ts';
import { isRegistrationEnabled } from './account/registration-setting.ts';
import { UserAdminService } from './admin/user-admin-service.ts';
import type { AuthConfig } from './config.ts';
import { AuditLogRepository } from './audit/audit-log-repository.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { auditLogRoutes } from './routes/audit-log-routes.ts';
import { adminUserRoutes } from './routes/admin-user-routes.ts';
import { ensureFirstAdminSoon } from './users/first-admin.ts';
import { UsersRepository } from './users/users-repository.ts';

export function buildApp(config: AuthConfig): Promise<ServiceApp> {
  return createService({
    writesSessions: true,
    name: 'auth',
    config,
    routes: async (app) => {
      const users = new UsersRepository(app.db);
      const account = new AccountService({
        users,
        throttle: new LoginThrottle(app.redis),
        registrations: new RegistrationLimit(app.redis),
        isRegistrationEnabled: () => isRegistrationEnabled(app.db),
      });
      await app.register(accountRoutes(account, new DeviceCookie(config.SESSION_SECRET)));
      await app.register(adminUserRoutes(new UserAdminService(users)));
      await app.register(auditLogRoutes(new AuditLogRepository(app.db)));
      let stopFirstAdmin = (): void => {};
      app.addHook('onReady', async () => {
        stopFirstAdmin = await ensureFirstAdminSoon(users, config, app.log);
      });
      app.addHook('onClose', async () => stopFirstAdmin());
    },
  });
}
