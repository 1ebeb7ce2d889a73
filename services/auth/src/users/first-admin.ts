import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from '../config.ts';
import { hashPassword } from './passwords.ts';
import type { UsersRepository } from './users-repository.ts';

export type FirstAdminOutcome = 'created' | 'admin-exists' | 'not-configured';

/**
 * Creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD while the station has none. An existing
 * account with that e-mail becomes the admin with that password and loses its sessions, so
 * nobody who signed up with the address first gets in. Copies booting together take turns.
 */
export async function ensureFirstAdmin(
  repository: UsersRepository,
  config: Pick<AuthConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: FastifyBaseLogger,
): Promise<FirstAdminOutcome> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  const outcome = await repository.transaction(async (users) => {
    await users.lockFirstAdminSetup();
    if (await users.anyAdminExists()) return 'admin-exists';
    if (!email || !password) return 'not-configured';
    const passwordHash = await hashPassword(password);
    const existing = await users.findByEmail(email);
    if (existing) {
      await users.update(existing.id, { passwordHash, role: 'admin', isActive: true });
      await users.deleteSessions(existing.id);
    } else {
      await users.create({ email: email.toLowerCase(), passwordHash, name: '', role: 'admin' });
    }
    return 'created';
  });
  if (outcome === 'created') log.info({ email }, 'first admin created');
  if (outcome === 'not-configured') {
    log.warn('no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one');
  }
  return outcome;
}
