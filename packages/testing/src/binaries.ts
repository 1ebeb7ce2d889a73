import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Directory of the newest installed PostgreSQL server binaries (Debian layout or PATH). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  try {
    return path.dirname(execFileSync('which', ['postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('PostgreSQL server binaries not found: install the postgresql package');
  }
}

/** Postgres refuses to run as root; tests started as root run it as this account instead. */
export function unprivilegedUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      execFileSync('id', ['-u', name], { stdio: 'ignore' });
      return name;
    } catch {
      // try the next one
    }
  }
  throw new Error('running as root and neither a postgres nor a nobody account exists');
}
