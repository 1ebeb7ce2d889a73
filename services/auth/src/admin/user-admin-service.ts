import type { Role, SetLimitsBody } from '@radio/contracts';
import type { UserRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import { userErrors } from '../users/user-errors.ts';
import type { UsersRepository } from '../users/users-repository.ts';

/** A user as it was and as a change left it (for the audit log). */
export interface UserChange {
  before: UserRow;
  after: UserRow;
}

/** What an admin does with other accounts. */
export class UserAdminService {
  readonly #users: UsersRepository;

  constructor(users: UsersRepository) {
    this.#users = users;
  }

  list(): Promise<UserRow[]> {
    return this.#users.list();
  }

  /** Deactivating ends the user's sessions at once. The last active admin stays active. */
  toggleActive(admin: SessionUser, userId: number): Promise<UserChange> {
    return this.#users.transaction(async (users) => {
      const activeAdminIds = await users.lockActiveAdmins();
      const user = found(await users.findById(userId));
      const deactivating = user.isActive;
      if (deactivating && user.id === admin.id) throw userErrors.cannotDeactivateSelf();
      if (deactivating && isLastActiveAdmin(user, activeAdminIds)) throw userErrors.lastAdmin();
      const updated = found(await users.update(userId, { isActive: !user.isActive }));
      if (deactivating) await users.deleteSessions(user.id);
      return { before: user, after: updated };
    });
  }

  /** Demoting takes effect on the user's next call (guards read the role from the database). */
  setRole(userId: number, role: Role): Promise<UserChange> {
    return this.#users.transaction(async (users) => {
      const activeAdminIds = await users.lockActiveAdmins();
      const user = found(await users.findById(userId));
      if (role !== 'admin' && isLastActiveAdmin(user, activeAdminIds)) throw userErrors.lastAdmin();
      return { before: user, after: found(await users.update(userId, { role })) };
    });
  }

  setLimits(userId: number, limits: SetLimitsBody): Promise<UserChange> {
    return this.#users.transaction(async (users) => {
      const user = found(await users.findForUpdate(userId));
      return { before: user, after: found(await users.update(userId, limits)) };
    });
  }
}

function found(user: UserRow | undefined): UserRow {
  if (!user) throw userErrors.notFound();
  return user;
}

function isLastActiveAdmin(user: UserRow, activeAdminIds: number[]): boolean {
  return activeAdminIds.length === 1 && activeAdminIds[0] === user.id;
}
