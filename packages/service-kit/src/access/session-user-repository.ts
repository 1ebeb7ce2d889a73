import type { Db, UserRow } from '@radio/db';

/** The logged-in user as guards and handlers see it: everything but the password hash. */
export type SessionUser = Omit<UserRow, 'passwordHash'>;

export function findSessionUser(db: Db, id: number): Promise<SessionUser | undefined> {
  return db
    .selectFrom('users')
    .select([
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
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
