import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from './session-options.ts';

/** Logs the user in under a new session id, so an id planted before login is worthless. */
export async function startUserSession(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', userId);
}

/** Deletes the session from the store and tells the browser to forget the cookie. */
export async function endUserSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
}
