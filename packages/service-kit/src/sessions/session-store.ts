import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Db } from '@radio/db';
import { SESSION_MAX_AGE_MS } from './session-options.ts';

type Callback = (error?: unknown) => void;

/**
 * Marks a session that `get` loaded from the table. @fastify/session copies the enumerable own
 * properties of what `get` returns into its own Session object (a WeakSet or a symbol/non-enumerable
 * flag would not survive that copy), so the mark travels with the session until the request saves
 * it. It is never written to the table.
 */
const LOADED = '__loadedFromStore';

function expiryOf(session: Session): Date {
  const expires = session.cookie.expires;
  return expires ? new Date(expires) : new Date(Date.now() + SESSION_MAX_AGE_MS);
}

function wasLoaded(session: Session): boolean {
  return (session as unknown as Record<string, unknown>)[LOADED] === true;
}

/** @fastify/session store over the `sessions` table, shared by every service. */
export class PostgresSessionStore implements SessionStore {
  readonly #db: Db;
  readonly #writable: boolean;

  /** A read-only store (every service but auth) never writes the table. */
  constructor(db: Db, writable = true) {
    this.#db = db;
    this.#writable = writable;
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.#db
      .selectFrom('sessions')
      .select('sess')
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then(
        (row) =>
          callback(null, row ? ({ ...row.sess, [LOADED]: true } as unknown as Session) : null),
        callback,
      );
  }

  /**
   * A session this request loaded is only ever updated: sessions are rolling, so it is saved at
   * the end of every request, and by then a logout or password change may have deleted its row.
   * That row must stay deleted. Only a session created during the request (login, register) is
   * inserted.
   */
  set(sid: string, session: Session, callback: Callback): void {
    if (!this.#writable) {
      callback();
      return;
    }
    const values = {
      sess: JSON.stringify(session, (key, value) => (key === LOADED ? undefined : value)),
      expire: expiryOf(session),
    };
    const write = wasLoaded(session)
      ? this.#db.updateTable('sessions').set(values).where('sid', '=', sid)
      : this.#db
          .insertInto('sessions')
          .values({ sid, ...values })
          .onConflict((conflict) => conflict.column('sid').doUpdateSet(values));
    write.execute().then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback): void {
    if (!this.#writable) {
      callback();
      return;
    }
    this.#db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}
