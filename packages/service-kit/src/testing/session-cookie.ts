import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Db } from '@radio/db';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS } from '../sessions/session-options.ts';
import { PostgresSessionStore } from '../sessions/session-store.ts';

/**
 * Writes a fresh session of the user straight to the session store and answers the signed
 * cookie a browser would send with it (tests and benchmarks: no login round trip).
 */
export async function createSessionCookie(
  db: Db,
  sessionSecret: string,
  userId: number,
): Promise<Record<string, string>> {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + SESSION_MAX_AGE_MS);
  const session = {
    cookie: { originalMaxAge: SESSION_MAX_AGE_MS, expires, path: '/', httpOnly: true },
    userId,
  };
  const store = new PostgresSessionStore(db);
  await new Promise<void>((resolve, reject) =>
    store.set(sid, session, (error) => (error ? reject(error) : resolve())),
  );
  return { [SESSION_COOKIE_NAME]: new Signer(sessionSecret, 'sha256').sign(sid) };
}
