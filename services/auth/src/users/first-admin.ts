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

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * ensureFirstAdmin at boot without making the boot depend on Postgres: when it fails (Postgres
 * down), the service starts anyway and tries again in the background, waiting longer each time.
 * Returns a function that stops the retries (on close).
 */
export async function ensureFirstAdminSoon(
  repository: UsersRepository,
  config: Pick<AuthConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: FastifyBaseLogger,
): Promise<() => void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tryOnce = async (delayMs: number): Promise<void> => {
    try {
      await ensureFirstAdmin(repository, config, log);
    } catch (error) {
      if (stopped) return;
      log.warn(
        { error: error instanceof Error ? error.message : String(error), retryInMs: delayMs },
        'could not check for the first admin; trying again later',
      );
      timer = setTimeout(() => void tryOnce(Math.min(delayMs * 2, MAX_RETRY_MS)), delayMs);
      timer.unref();
    }
  };
  await tryOnce(FIRST_RETRY_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
