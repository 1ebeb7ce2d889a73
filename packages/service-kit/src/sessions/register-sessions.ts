import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@radio/db';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS } from './session-options.ts';
import { PostgresSessionStore } from './session-store.ts';

export async function registerSessions(
  app: FastifyInstance,
  db: Db,
  secret: string,
  writesSessions: boolean,
): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE_NAME,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came in over https, as the trusted gateway reports it.
      secure: 'auto',
      maxAge: SESSION_MAX_AGE_MS,
    },
    store: new PostgresSessionStore(db, writesSessions),
    saveUninitialized: false,
    // Only the owner of the table refreshes sessions; a reader never sends the cookie back, so
    // its public (cacheable) answers carry no Set-Cookie.
    rolling: writesSessions,
  });
  if (!writesSessions) {
    // @fastify/session still clears the cookie of a session it could not find; a reader
    // leaves that to auth, so no answer of a reader ever carries Set-Cookie.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.removeHeader('set-cookie');
      return payload;
    });
  }
}
