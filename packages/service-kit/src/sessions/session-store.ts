import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Db } from '@radio/db';
import { SESSION_MAX_AGE_MS } from './session-options.ts';

type Callback = (error?: unknown) => void;

function expiryOf(session: Session): Date {
  const expires = session.cookie.expires;
  return expires ? new Date(expires) : new Date(Date.now() + SESSION_MAX_AGE_MS);
}

/** @fastify/session store over the `sessions` table, shared by every service. */
export class PostgresSessionStore implements SessionStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.#db
      .selectFrom('sessions')
      .select('sess')
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then((row) => callback(null, row ? (row.sess as unknown as Session) : null), callback);
  }

  set(sid: string, session: Session, callback: Callback): void {
    const values = { sess: JSON.stringify(session), expire: expiryOf(session) };
    this.#db
      .insertInto('sessions')
      .values({ sid, ...values })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet(values))
      .execute()
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.#db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}
