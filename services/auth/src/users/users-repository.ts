import { sql, type Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '@radio/db';

export type EmailTaken = 'email-taken';

/** The write's result, or 'email-taken' when it ran into another user's address. */
async function orEmailTaken<T>(write: Promise<T>): Promise<T | EmailTaken> {
  try {
    return await write;
  } catch (error) {
    const pgError = error as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === 'users_email_lower_unique') {
      return 'email-taken';
    }
    throw error;
  }
}

/** Every query of the users and sessions tables that the auth service makes. */
export class UsersRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: UsersRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((tx) => work(new UsersRepository(tx)));
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row, locked until the transaction ends (a change and its "before" agree). */
  findForUpdate(id: number): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  list(): Promise<UserRow[]> {
    return this.#db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  create(user: NewUser): Promise<UserRow | EmailTaken> {
    return orEmailTaken(
      this.#db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),
    );
  }

  update(id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.#db
      .updateTable('users')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  changeEmail(id: number, email: string): Promise<UserRow | EmailTaken | undefined> {
    return orEmailTaken(this.update(id, { email }));
  }

  /** Sets the name only while it is still empty: a display name is chosen once. */
  setNameIfUnset(id: number, name: string): Promise<UserRow | undefined> {
    return this.#db
      .updateTable('users')
      .set({ name, updatedAt: new Date() })
      .where('id', '=', id)
      .where('name', '=', '')
      .returningAll()
      .executeTakeFirst();
  }

  recordLogin(id: number): Promise<UserRow | undefined> {
    return this.#db
      .updateTable('users')
      .set({ lastLoginAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Locks the active admins' rows until the transaction ends and returns their ids, so two
   * admins demoting each other at the same moment cannot leave the station without one.
   */
  async lockActiveAdmins(): Promise<number[]> {
    const rows = await this.#db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('isActive', '=', true)
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }

  async anyAdminExists(): Promise<boolean> {
    const row = await this.#db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Serialises the first-admin check of auth copies that boot at the same moment. */
  async lockFirstAdminSetup(): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('radio:first-admin'))`.execute(this.#db);
  }

  /** Logs the user out everywhere, except in the session `exceptSid` when given. */
  async deleteSessions(userId: number, exceptSid?: string): Promise<void> {
    let query = this.#db.deleteFrom('sessions').where('userId', '=', userId);
    if (exceptSid !== undefined) query = query.where('sid', '<>', exceptSid);
    await query.execute();
  }
}
