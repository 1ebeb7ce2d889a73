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
import type { LoginThrottle } from './login-throttle.ts';

export interface AccountServiceDeps {
  users: UsersRepository;
  throttle: LoginThrottle;
  isRegistrationEnabled: () => Promise<boolean>;
}

/** What a listener does with their own account. */
export class AccountService {
  readonly #users: UsersRepository;
  readonly #throttle: LoginThrottle;
  readonly #isRegistrationEnabled: () => Promise<boolean>;

  constructor(deps: AccountServiceDeps) {
    this.#users = deps.users;
    this.#throttle = deps.throttle;
    this.#isRegistrationEnabled = deps.isRegistrationEnabled;
  }

  async register(body: RegisterBody): Promise<UserRow> {
    if (!(await this.#isRegistrationEnabled())) throw userErrors.registrationClosed();
    const created = await this.#users.create({
      email: body.email,
      name: body.name,
      passwordHash: await hashPassword(body.password),
    });
    if (created === 'email-taken') throw userErrors.emailTaken();
    return this.#recordLogin(created);
  }

  /** Unknown e-mail and wrong password get the same answer, after the same amount of work. */
  async login(body: LoginBody, ip: string): Promise<UserRow> {
    await this.#throttle.beginAttempt(body.email, ip);
    const user = await this.#users.findByEmail(body.email);
    const passwordMatches = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyAgainstDecoy(body.password);
    if (!user || !passwordMatches) throw userErrors.wrongCredentials();
    await this.#throttle.recordSuccess(body.email, ip);
    if (!user.isActive) throw userErrors.deactivated();
    return this.#recordLogin(user);
  }

  /** Ends every session of the user; the caller starts a fresh one for the current browser. */
  async changePassword(user: SessionUser, body: ChangePasswordBody, ip: string): Promise<void> {
    await this.#confirmPassword(user, body.currentPassword, ip);
    await this.#users.update(user.id, { passwordHash: await hashPassword(body.newPassword) });
    await this.#users.deleteSessions(user.id);
  }

  async changeEmail(user: SessionUser, body: ChangeEmailBody, ip: string): Promise<UserRow> {
    const current = await this.#confirmPassword(user, body.password, ip);
    if (body.email === current.email.toLowerCase()) return current;
    const updated = await this.#users.changeEmail(user.id, body.email);
    if (updated === 'email-taken') throw userErrors.emailTaken();
    return updated ?? current;
  }

  /** The display name is chosen once; after that it stays. */
  async setDisplayName(user: SessionUser, displayName: string): Promise<UserRow> {
    const updated = await this.#users.setNameIfUnset(user.id, displayName);
    if (!updated) throw userErrors.nameAlreadySet();
    return updated;
  }

  /** Checks a logged-in user's password; failures count towards the login limits. */
  async #confirmPassword(user: SessionUser, password: string, ip: string): Promise<UserRow> {
    await this.#throttle.beginAttempt(user.email, ip);
    const current = await this.#users.findById(user.id);
    if (!current || !(await verifyPassword(current.passwordHash, password))) {
      throw userErrors.wrongCurrentPassword();
    }
    await this.#throttle.recordSuccess(user.email, ip);
    return current;
  }

  async #recordLogin(user: UserRow): Promise<UserRow> {
    return (await this.#users.recordLogin(user.id)) ?? user;
  }
}
