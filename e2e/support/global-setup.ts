/**
 * Starts the native stack (scripts/up.sh, exactly what `make up` runs) for the e2e run: free
 * ports, a temporary DATA_DIR, a fresh settings file, a known admin, and the built-in station
 * with a small demo library of short songs (E2E_DEMO_TRACK_SECONDS, default 30: each song
 * 24–36 s), or the songs of the folder E2E_LIBRARY as its rotation. Waits until every service answers /readyz through the gateway, the SPA is served and
 * the stream plays; stops it all afterwards.
 * The stack also stops by itself when this test process dies (RADIO_TETHER_PID).
 * Its output goes to e2e/artifacts/stack.log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  adminCredentials,
  artifactsDir,
  databaseUrl,
  httpStatus as status,
  fakeAzuraCastOrigin,
  repoRoot,
  stackPort,
} from './stack.ts';

const SERVICES = ['auth', 'requests', 'playlist', 'uploads'] as const;
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 60_000;

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.E2E_START_STACK) {
    if (process.env.E2E_DATABASE_URL) await nameTheAdmin();
    return undefined;
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'radio-e2e-'));
  chmodSync(dataDir, 0o755); // as root, Postgres runs as the postgres account and must get in
  // The station plays these instead of the demo songs (scripts/demo-library.sh fills only an
  // empty library).
  if (process.env.E2E_LIBRARY)
    cpSync(process.env.E2E_LIBRARY, path.join(dataDir, 'library'), { recursive: true });
  mkdirSync(artifactsDir, { recursive: true });
  const logFile = path.join(artifactsDir, process.env.E2E_STACK_LOG ?? 'stack.log');
  const log = openSync(logFile, 'w');
  const postgresPassword = 'e2e';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ENV_FILE: path.join(dataDir, '.env'),
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(stackPort('HTTP_PORT')),
    AUTH_PORT: String(stackPort('AUTH_PORT')),
    REQUESTS_PORT: String(stackPort('REQUESTS_PORT')),
    PLAYLIST_PORT: String(stackPort('PLAYLIST_PORT')),
    UPLOADS_PORT: String(stackPort('UPLOADS_PORT')),
    POSTGRES_PORT: String(stackPort('POSTGRES_PORT')),
    REDIS_PORT: String(stackPort('REDIS_PORT')),
    ICECAST_PORT: String(stackPort('ICECAST_PORT')),
    ...Object.fromEntries(
      (['AUTH', 'REQUESTS', 'PLAYLIST', 'UPLOADS', 'WORKER'] as const).map((name) => [
        `${name}_METRICS_PORT`,
        String(stackPort(`${name}_METRICS_PORT`)),
      ]),
    ),
    // Nothing listens there unless a spec starts the fake AzuraCast (azuracast-station.spec.ts).
    PRIVATE_SOURCE_ORIGINS: [process.env.PRIVATE_SOURCE_ORIGINS, fakeAzuraCastOrigin()]
      .filter(Boolean)
      .join(','),
    STATION: 'builtin',
    DEMO_TRACK_COUNT: '6',
    DEMO_TRACK_SECONDS: process.env.E2E_DEMO_TRACK_SECONDS ?? '30',
    POSTGRES_PASSWORD: postgresPassword,
    POSTGRES_EPHEMERAL: '1', // no fsync: a throwaway database
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    LOG_FORMAT: 'json',
    NO_COLOR: '1',
    RADIO_TETHER_PID: String(process.pid),
  };
  // Derived by scripts/lib.sh from the ports and DATA_DIR above (PUBLIC_ORIGIN: localhost and
  // 127.0.0.1 on HTTP_PORT), so none may come from the caller's environment.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FORCE_COLOR', 'LIBRARY_DIR', 'PUBLIC_ORIGIN']) {
    delete env[name];
  }
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DATABASE_URL = `postgres://radio:${postgresPassword}@127.0.0.1:${stackPort('POSTGRES_PORT')}/radio`;

  const stack = spawn('bash', [path.join(repoRoot, 'scripts', 'up.sh')], {
    cwd: repoRoot,
    env,
    detached: true, // its own process group, so the teardown can sweep it
    stdio: ['ignore', log, log],
  });
  let exited = false;
  stack.once('exit', () => (exited = true));

  const stop = async (): Promise<void> => {
    await stopStack(stack);
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForStack(stackPort('HTTP_PORT'), () => exited);
    await nameTheAdmin();
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail}`, {
      cause: error,
    });
  }
  return stop;
}

/**
 * The first admin is created without a name and the panel asks for one in a dialog; the suites
 * work as an admin who has answered it (admin-system.spec.ts asks a nameless admin of its own).
 */
async function nameTheAdmin(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`update users set name = 'Beheerder Bram' where email = $1 and name = ''`, [
      adminCredentials().email.toLowerCase(),
    ]);
  } finally {
    await client.end();
  }
}

export async function waitForStack(port: number, hasExited: () => boolean): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  let waitingFor: string[] = ['gateway'];
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the stack (scripts/up.sh) exited during start-up');
    const checks = await Promise.all([
      ...SERVICES.map(async (service) =>
        (await status(`${base}/_health/${service}/readyz`)) === 200 ? '' : service,
      ),
      (async () => ((await status(`${base}/`)) === 200 ? '' : 'frontend'))(),
    ]);
    waitingFor = checks.filter(Boolean);
    // The stream only once the services answer: by then Icecast has been up for seconds (a
    // client in its first half second can crash it) and Liquidsoap is connecting.
    if (waitingFor.length === 0 && (await status(`${base}/stream/radio.mp3`)) !== 200) {
      waitingFor = ['station'];
    }
    if (waitingFor.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the stack was not ready within ${START_TIMEOUT_MS / 1000} s: waiting for ${waitingFor.join(', ')}`,
  );
}

/** SIGTERM to scripts/up.sh, which stops the services, Redis and Postgres; then sweeps. */
export async function stopStack(stack: ChildProcess): Promise<void> {
  if (stack.exitCode === null && stack.signalCode === null && stack.pid) {
    const exited = new Promise<void>((resolve) => stack.once('exit', () => resolve()));
    stack.kill('SIGTERM');
    const timer = setTimeout(() => killGroup(stack.pid!, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  if (stack.pid) killGroup(stack.pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}
