import { z } from 'zod';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  loginBodySchema,
  okBodySchema,
  registerBodySchema,
  setDisplayNameBodySchema,
  userSchema,
} from '@radio/contracts';
import {
  currentUser,
  endUserSession,
  startUserSession,
  type RoutePlugin,
} from '@radio/service-kit';
import type { AccountService } from '../account/account-service.ts';
import type { DeviceCookie } from '../account/device-cookie.ts';
import { toUserResponse } from '../users/user-response.ts';

export function accountRoutes(account: AccountService, devices: DeviceCookie): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/auth/user',
      { config: { access: 'user' }, schema: { response: { 200: userSchema } } },
      async (request) => toUserResponse(currentUser(request)),
    );

    app.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        schema: { body: loginBodySchema, response: { 200: userSchema } },
      },
      async (request, reply) => {
        const device = devices.read(request);
        const user = await account.login(request.body, { ip: request.ip, device });
        await startUserSession(request, user.id);
        devices.write(reply, device);
        return toUserResponse(user);
      },
    );

    app.post(
      '/api/auth/register',
      {
        config: { access: 'public' },
        schema: { body: registerBodySchema, response: { 200: userSchema } },
      },
      async (request) => {
        const user = await account.register(request.body, request.ip);
        await startUserSession(request, user.id);
        return toUserResponse(user);
      },
    );

    // Public and idempotent: logging out with an expired session is not an error.
    app.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { response: { 200: okBodySchema } } },
      async (request, reply) => {
        await endUserSession(request, reply);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/set-display-name',
      {
        config: { access: 'user' },
        schema: { body: setDisplayNameBodySchema, response: { 200: userSchema } },
      },
      async (request) => {
        const user = await account.setDisplayName(currentUser(request), request.body.displayName);
        return toUserResponse(user);
      },
    );

    app.patch(
      '/api/auth/change-password',
      {
        config: { access: 'user' },
        schema: { body: changePasswordBodySchema, response: { 200: okBodySchema } },
      },
      async (request) => {
        const user = currentUser(request);
        await account.changePassword(user, request.body);
        // Every other session of the user has ended; this browser stays in with a new id.
        await startUserSession(request, user.id);
        return { ok: true as const };
      },
    );

    app.patch(
      '/api/auth/change-email',
      {
        config: { access: 'user' },
        schema: { body: changeEmailBodySchema, response: { 200: userSchema } },
      },
      async (request) => {
        const { user, changed } = await account.changeEmail(currentUser(request), request.body);
        if (changed) await startUserSession(request, user.id);
        return toUserResponse(user);
      },
    );

    // The requests page sends anonymous visitors here by navigation.
    app.get(
      '/api/login',
      { config: { access: 'public' }, schema: { response: { 302: z.undefined() } } },
      async (_request, reply) => reply.redirect('/auth'),
    );
  };
}
