/**
 * Settings of the stack the e2e tests run against, shared by the Playwright config, the global
 * setup and the tests. They travel in E2E_* environment variables: the config fills them in
 * the runner process, and the workers it starts inherit them, so every process sees the same.
 *
 * By default the global setup starts a fresh native stack (scripts/up.sh) on free loopback
 * ports with a temporary DATA_DIR. With E2E_BASE_URL set it uses that running site instead
 * (then set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD to its admin account, and E2E_DATABASE_URL to
 * its database: the suites arrange data there, and a nameless admin is given a name).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

export const PORT_NAMES = [
  'HTTP_PORT',
  'AUTH_PORT',
  'REQUESTS_PORT',
  'PLAYLIST_PORT',
  'UPLOADS_PORT',
  'POSTGRES_PORT',
  'REDIS_PORT',
  'ICECAST_PORT',
  'AUTH_METRICS_PORT',
  'REQUESTS_METRICS_PORT',
  'PLAYLIST_METRICS_PORT',
  'UPLOADS_METRICS_PORT',
  'WORKER_METRICS_PORT',
  // Not the stack's: where azuracast-station.spec.ts runs the fake AzuraCast. Chosen with the
  // others so its origin can be in the services' PRIVATE_SOURCE_ORIGINS from the start.
  'AZURACAST_PORT',
] as const;
export type PortName = (typeof PORT_NAMES)[number];

/** Distinct free loopback ports, from scripts/lib.sh's free_ports (the config cannot wait). */
export function freePorts(count: number): number[] {
  const script = '. scripts/lib.sh && free_ports "$1"';
  return execFileSync('bash', ['-c', script, 'free_ports', String(count)], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .trim()
    .split(' ')
    .map(Number);
}

/** Fills the E2E_* variables once (in the runner process); later calls keep them. */
export function prepareStackEnv(): void {
  const env = process.env;
  if (env.E2E_BASE_URL) return;
  if (!env.E2E_HTTP_PORT) {
    freePorts(PORT_NAMES.length).forEach((port, i) => (env[`E2E_${PORT_NAMES[i]}`] = String(port)));
  }
  env.E2E_BASE_URL = `http://localhost:${env.E2E_HTTP_PORT}`;
  env.E2E_START_STACK = '1';
  env.E2E_ADMIN_EMAIL ??= 'admin@e2e.radio.local';
  env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(9).toString('base64url')}`;
}

/** Port of one process of the stack started by the global setup. */
export function stackPort(name: PortName): number {
  const value = process.env[`E2E_${name}`];
  if (!value) throw new Error(`E2E_${name} is not set: the stack was not started by the harness`);
  return Number(value);
}

export const baseURL = (): string => required('E2E_BASE_URL');

/** The first admin, created by the auth service when the stack starts. */
export const adminCredentials = (): { email: string; password: string } => ({
  email: required('E2E_ADMIN_EMAIL'),
  password: required('E2E_ADMIN_PASSWORD'),
});

/** Direct database access for tests that arrange or check data (the `pg` devDependency). */
export const databaseUrl = (): string => required('E2E_DATABASE_URL');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see e2e/support/stack.ts)`);
  return value;
}

/** Status of a GET (its body is not read), 0 when it fails or takes over 2 s. */
export async function httpStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * The origin of the fake AzuraCast a spec may run on AZURACAST_PORT; the global setup lists it in
 * the services' PRIVATE_SOURCE_ORIGINS (a loopback station is refused otherwise).
 */
export function fakeAzuraCastOrigin(): string {
  return `http://127.0.0.1:${stackPort('AZURACAST_PORT')}`;
}

/** The temporary DATA_DIR of the stack the global setup started. */
export function dataDir(): string {
  return required('E2E_DATA_DIR');
}

/** The process exists (signal 0). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
