import type { Db, UserRow } from '@radio/db';

/** The logged-in user as guards and handlers see it: everything but the password hash. */
export type SessionUser = Omit<UserRow, 'passwordHash'>;

/** The users columns of a SessionUser. */
export const SESSION_USER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'isActive',
  'lastLoginAt',
  'createdAt',
  'updatedAt',
  'customRequestsPerHour',
  'customRequestsPerDay',
  'customCooldownMinutes',
  'canBypassLimits',
] as const satisfies readonly (keyof SessionUser)[];

export function findSessionUser(db: Db, id: number): Promise<SessionUser | undefined> {
  return db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}
