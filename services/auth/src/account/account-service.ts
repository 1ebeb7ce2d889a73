import type {
  ChangeEmailBody,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
} from '@radio/contracts';
import type { UserRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../users/passwords.ts';
import { userErrors } from '../users/user-errors.ts';
import type { UsersRepository } from '../users/users-repository.ts';
import type { LoginClient, LoginThrottle } from './login-throttle.ts';
import type { RegistrationLimit } from './registration-limit.ts';

export interface AccountServiceDeps {
  users: UsersRepository;
  throttle: LoginThrottle;
  registrations: RegistrationLimit;
  isRegistrationEnabled: () => Promise<boolean>;
}

/** What a listener does with their own account. */
export class AccountService {
  readonly #users: UsersRepository;
  readonly #throttle: LoginThrottle;
  readonly #registrations: RegistrationLimit;
  readonly #isRegistrationEnabled: () => Promise<boolean>;

  constructor(deps: AccountServiceDeps) {
    this.#users = deps.users;
    this.#throttle = deps.throttle;
    this.#registrations = deps.registrations;
    this.#isRegistrationEnabled = deps.isRegistrationEnabled;
  }

  async register(body: RegisterBody, ip: string): Promise<UserRow> {
    if (!(await this.#isRegistrationEnabled())) throw userErrors.registrationClosed();
    const created = await this.#registrations.attempt(ip, async () => {
      const result = await this.#users.create({
        email: body.email,
        name: body.name,
        passwordHash: await hashPassword(body.password),
      });
      if (result === 'email-taken') throw userErrors.emailTaken();
      return result;
    });
    return this.#recordLogin(created);
  }

  /** Unknown e-mail and wrong password get the same answer, after the same amount of work. */
  async login(body: LoginBody, client: LoginClient): Promise<UserRow> {
    const user = await this.#throttle.attempt(body.email, client, async () => {
      const found = await this.#users.findByEmail(body.email);
      const passwordMatches = found
        ? await verifyPassword(found.passwordHash, body.password)
        : await verifyAgainstDecoy(body.password);
      return found && passwordMatches
        ? { outcome: 'correct-password' as const, value: found }
        : { outcome: 'wrong-password' as const, value: null };
    });
    if (!user) throw userErrors.wrongCredentials();
    if (!user.isActive) throw userErrors.deactivated();
    return this.#recordLogin(user);
  }

  /** Ends every session of the user; the caller starts a fresh one for the current browser. */
  async changePassword(user: SessionUser, body: ChangePasswordBody): Promise<void> {
    await this.#confirmPassword(user, body.currentPassword);
    const passwordHash = await hashPassword(body.newPassword);
    await this.#users.transaction(async (users) => {
      await users.update(user.id, { passwordHash });
      await users.deleteSessions(user.id);
    });
  }

  /**
   * A new address ends every session of the user, like a new password (`changed` tells the
   * caller to start a fresh one for the current browser); the same address changes nothing.
   */
  async changeEmail(
    user: SessionUser,
    body: ChangeEmailBody,
  ): Promise<{ user: UserRow; changed: boolean }> {
    const current = await this.#confirmPassword(user, body.password);
    if (body.email === current.email.toLowerCase()) return { user: current, changed: false };
    const updated = await this.#users.transaction(async (users) => {
      const result = await users.changeEmail(user.id, body.email);
      if (result === 'email-taken') throw userErrors.emailTaken();
      if (result) await users.deleteSessions(user.id);
      return result;
    });
    return { user: updated ?? current, changed: updated !== undefined };
  }

  /** The display name is chosen once; after that it stays. */
  async setDisplayName(user: SessionUser, displayName: string): Promise<UserRow> {
    const updated = await this.#users.setNameIfUnset(user.id, displayName);
    if (!updated) throw userErrors.nameAlreadySet();
    return updated;
  }

  /** Checks a logged-in user's own password, counted per user apart from the login limits. */
  async #confirmPassword(user: SessionUser, password: string): Promise<UserRow> {
    let current: UserRow | undefined;
    await this.#throttle.confirm(user.id, async () => {
      current = await this.#users.findById(user.id);
      return current !== undefined && (await verifyPassword(current.passwordHash, password));
    });
    if (!current) throw userErrors.wrongCurrentPassword();
    return current;
  }

  async #recordLogin(user: UserRow): Promise<UserRow> {
    return (await this.#users.recordLogin(user.id)) ?? user;
  }
}
