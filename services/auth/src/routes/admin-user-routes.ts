import {
  idParamsSchema,
  setLimitsBodySchema,
  setRoleBodySchema,
  userListSchema,
  userSchema,
} from '@radio/contracts';
import { currentUser, type RoutePlugin } from '@radio/service-kit';
import type { UserAdminService } from '../admin/user-admin-service.ts';
import { toUserResponse } from '../users/user-response.ts';

export function adminUserRoutes(admin: UserAdminService): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/admin/users',
      { config: { access: 'admin' }, schema: { response: { 200: userListSchema } } },
      async () => (await admin.list()).map(toUserResponse),
    );

    app.patch(
      '/api/admin/users/:id/toggle-active',
      {
        config: { access: 'admin' },
        schema: { params: idParamsSchema, response: { 200: userSchema } },
      },
      async (request) => {
        const change = await admin.toggleActive(currentUser(request), request.params.id);
        await request.server.adminAudit.record(request, {
          action: 'user.active',
          target: change.after.email,
          ...change,
          fields: ['isActive'],
        });
        return toUserResponse(change.after);
      },
    );

    app.patch(
      '/api/admin/users/:id/role',
      {
        config: { access: 'admin' },
        schema: { params: idParamsSchema, body: setRoleBodySchema, response: { 200: userSchema } },
      },
      async (request) => {
        const change = await admin.setRole(request.params.id, request.body.role);
        await request.server.adminAudit.record(request, {
          action: 'user.role',
          target: change.after.email,
          ...change,
          fields: ['role'],
        });
        return toUserResponse(change.after);
      },
    );

    app.patch(
      '/api/admin/users/:id/limits',
      {
        config: { access: 'admin' },
        schema: {
          params: idParamsSchema,
          body: setLimitsBodySchema,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        const change = await admin.setLimits(request.params.id, request.body);
        await request.server.adminAudit.record(request, {
          action: 'user.limits',
          target: change.after.email,
          ...change,
          fields: [
            'customRequestsPerHour',
            'customRequestsPerDay',
            'customCooldownMinutes',
            'canBypassLimits',
          ],
        });
        return toUserResponse(change.after);
      },
    );
  };
}
