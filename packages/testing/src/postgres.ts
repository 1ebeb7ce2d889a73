import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir, unprivilegedUser } from './binaries.ts';
import { freePort, spawnTethered, stopProcess, waitFor } from './process.ts';

export interface PostgresServer {
  port: number;
  /** Connection URL for a database on this server (default: the `postgres` database). */
  url(database?: string): string;
  stop(): Promise<void>;
}

/** A throwaway Postgres cluster in a temporary folder, tuned for tests (no fsync). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const runAs = unprivilegedUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-pg-'));
  const dataDir = path.join(dir, 'data');
  if (runAs) execFileSync('chown', ['-R', runAs, dir]);
  const asUser = (cmd: string, args: string[]): void => {
    const full = runAs
      ? ['setpriv', [`--reuid=${runAs}`, `--regid=${runAs}`, '--init-groups', cmd, ...args]]
      : [cmd, args];
    execFileSync(full[0] as string, full[1] as string[], { stdio: 'pipe' });
  };
  asUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  const child = spawnTethered(
    path.join(bin, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { runAs },
  );
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await waitFor(async () => {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      await client.end();
      return true;
    }, 'test Postgres');
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return {
    port,
    url,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
