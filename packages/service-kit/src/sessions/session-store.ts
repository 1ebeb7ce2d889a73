import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { sql } from 'kysely';
import type { Db } from '@radio/db';
import { SESSION_USER_COLUMNS, type SessionUser } from '../access/session-user-repository.ts';
import { SESSION_MAX_AGE_MS } from './session-options.ts';

type Callback = (error?: unknown) => void;

/**
 * Marks a session that `get` loaded from the table. @fastify/session copies the enumerable own
 * properties of what `get` returns into its own Session object (a WeakSet or a symbol/non-enumerable
 * flag would not survive that copy), so the mark travels with the session until the request saves
 * it. It is never written to the table.
 */
const LOADED = '__loadedFromStore';
/**
 * The session's user, read in the same query as the session (one round trip for both on every
 * logged-in request). Like LOADED it travels with the session and is never written.
 */
const USER = '__userLoadedWithSession';
const NOT_STORED = new Set([LOADED, USER]);

function expiryOf(session: Session): Date {
  const expires = session.cookie.expires;
  return expires ? new Date(expires) : new Date(Date.now() + SESSION_MAX_AGE_MS);
}

function wasLoaded(session: Session): boolean {
  return (session as unknown as Record<string, unknown>)[LOADED] === true;
}

/**
 * The user this request's session was loaded with, when it is still the session's user (a login
 * during the request changes that): read when the request began, as fresh as a query now.
 */
export function userLoadedWithSession(session: Session, userId: number): SessionUser | undefined {
  const user = (session as unknown as Record<string, unknown>)[USER] as SessionUser | undefined;
  return user?.id === userId ? user : undefined;
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
      .selectFrom('sessions as s')
      .leftJoin('users', (join) =>
        join.onRef(
          'users.id',
          '=',
          // Only a plain id is cast (a malformed value must not fail the query).
          sql<number>`case when s.sess->>'userId' ~ '^[0-9]{1,9}$' then (s.sess->>'userId')::int end`,
        ),
      )
      .select(['s.sess', ...SESSION_USER_COLUMNS.map((column) => `users.${column}` as const)])
      .where('s.sid', '=', sid)
      .where('s.expire', '>', new Date())
      .executeTakeFirst()
      .then((row) => {
        if (!row) return callback(null, null);
        const { sess, ...user } = row;
        const loaded = { ...sess, [LOADED]: true, [USER]: user.id === null ? undefined : user };
        callback(null, loaded as unknown as Session);
      }, callback);
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
      sess: JSON.stringify(session, (key, value) => (NOT_STORED.has(key) ? undefined : value)),
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
