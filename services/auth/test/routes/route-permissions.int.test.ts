import {
  describeRoutePermissions,
  kitRouteCases,
  TEST_PASSWORD,
  type RouteCases,
} from '@radio/service-kit/testing';
import { buildAuthApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/login': { access: 'public', success: 302 },
  'GET /api/auth/user': { access: 'user' },
  'POST /api/auth/login': {
    access: 'public',
    call: async ({ testApp }) => {
      const user = await testApp.createUser();
      return { payload: { email: user.email, password: user.password } };
    },
  },
  'POST /api/auth/register': {
    access: 'public',
    call: ({ seq }) => ({
      payload: { email: `nieuw${seq}@radio.test`, password: TEST_PASSWORD, name: 'Nieuw' },
    }),
  },
  'POST /api/auth/logout': { access: 'public' },
  'POST /api/auth/set-display-name': {
    access: 'user',
    call: async ({ testApp, caller }) => {
      if (caller)
        await testApp.app.db
          .updateTable('users')
          .set({ name: '' })
          .where('id', '=', caller.id)
          .execute();
      return { payload: { displayName: 'Gekozen Naam' } };
    },
  },
  'PATCH /api/auth/change-password': {
    access: 'user',
    call: () => ({ payload: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } }),
  },
  'PATCH /api/auth/change-email': {
    access: 'user',
    call: ({ seq }) => ({
      payload: { email: `verhuisd${seq}@radio.test`, password: TEST_PASSWORD },
    }),
  },
  'GET /api/admin/users': { access: 'admin' },
  'GET /api/admin/audit-log': { access: 'admin' },
  'PATCH /api/admin/users/:id/toggle-active': {
    access: 'admin',
    call: async ({ testApp }) => ({
      url: `/api/admin/users/${(await testApp.createUser()).id}/toggle-active`,
    }),
  },
  'PATCH /api/admin/users/:id/role': {
    access: 'admin',
    call: async ({ testApp }) => ({
      url: `/api/admin/users/${(await testApp.createUser()).id}/role`,
      payload: { role: 'admin' },
    }),
  },
  'PATCH /api/admin/users/:id/limits': {
    access: 'admin',
    call: async ({ testApp }) => ({
      url: `/api/admin/users/${(await testApp.createUser()).id}/limits`,
      payload: {
        customRequestsPerHour: 3,
        customRequestsPerDay: null,
        customCooldownMinutes: 180,
        canBypassLimits: false,
      },
    }),
  },
};

describeRoutePermissions(buildAuthApp, cases, {
  setUp: async (t) => {
    await t.app.db.updateTable('djSettings').set({ registrationEnabled: true }).execute();
  },
});
