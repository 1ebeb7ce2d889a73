import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DjSettingsReader } from '@radio/db';
import { HttpError } from '../errors.ts';
import { userLoadedWithSession } from '../sessions/session-store.ts';
import { endUserSession } from '../sessions/user-session.ts';
import { findSessionUser, type SessionUser } from './session-user-repository.ts';

/**
 * Who may call a route. Every route declares one in `config.access`; the service refuses to
 * start when one is missing, so no route is public by accident.
 */
export type Access = 'public' | 'user' | 'admin' | 'internal' | 'station';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the `user` and `admin` guards. */
    user: SessionUser | null;
  }
}

const notLoggedIn = (): HttpError => new HttpError(401, 'UNAUTHENTICATED', 'Niet ingelogd');

export const accountDeactivated = (): HttpError =>
  new HttpError(
    403,
    'ACCOUNT_DEACTIVATED',
    'Je account is gedeactiveerd. Neem contact op met de beheerder.',
  );

export type Guard = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<void>;

/** Loads the session's user from the database on every call, so changes apply at once. */
export const requireUser: Guard = async function (request, reply) {
  // Per-user answers are never stored by the gateway or the browser cache.
  void reply.header('cache-control', 'no-store');
  const userId = request.session.get('userId');
  const user =
    userId === undefined
      ? undefined
      : (userLoadedWithSession(request.session, userId) ??
        (await findSessionUser(this.db, userId)));
  // Only the owner of the sessions table (auth) ends a session; the others just refuse.
  const end = async (): Promise<void> => {
    if (this.writesSessions) await endUserSession(request, reply);
  };
  if (!user) {
    if (userId !== undefined) await end();
    throw notLoggedIn();
  }
  if (!user.isActive) {
    await end();
    throw accountDeactivated();
  }
  request.user = user;
};

/**
 * The session's user as `requireUser` finds it, or null (anonymous, unknown, deactivated)
 * instead of a refusal; never ends a session. For public routes that add something per user.
 */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  const userId = request.session.get('userId');
  if (userId === undefined) return null;
  const user =
    userLoadedWithSession(request.session, userId) ??
    (await findSessionUser(request.server.db, userId));
  return user?.isActive ? user : null;
}

export const requireAdmin: Guard = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (request.user?.role !== 'admin') {
    throw new HttpError(403, 'FORBIDDEN', 'Je hebt admin rechten nodig voor deze pagina.');
  }
};

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

const isSecret = (given: unknown, secret: string | null | undefined): boolean =>
  typeof given === 'string' &&
  typeof secret === 'string' &&
  secret !== '' &&
  timingSafeEqual(digest(given), digest(secret));

/** Internal endpoints (health tooling, jobs): the shared INTERNAL_TOKEN in X-Internal-Token. */
export const requireInternalToken: Guard = async function (request) {
  if (!isSecret(request.headers['x-internal-token'], this.config.INTERNAL_TOKEN)) {
    throw new HttpError(401, 'INVALID_INTERNAL_TOKEN', 'Ongeldig of ontbrekend intern token');
  }
};

/**
 * The built-in station's endpoints, authenticated the way AzuraCast's API is (so one adapter
 * reads both): the station key in X-API-Key. That key is its own (never the INTERNAL_TOKEN) and
 * is read from dj_settings at every call, so a rotated key applies at once, without a restart.
 */
export const requireStationKey: Guard = async function (request) {
  const given = request.headers['x-api-key'];
  const stationKey =
    typeof given === 'string' ? (await new DjSettingsReader(this.db).read())?.stationApiKey : null;
  if (!isSecret(given, stationKey)) {
    throw new HttpError(401, 'INVALID_API_KEY', 'Ongeldige of ontbrekende API-sleutel');
  }
};

export const guards: Record<Access, Guard | null> = {
  public: null,
  user: requireUser,
  admin: requireAdmin,
  internal: requireInternalToken,
  station: requireStationKey,
};

/** The user a `user` or `admin` route runs for. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw notLoggedIn();
  return request.user;
}
