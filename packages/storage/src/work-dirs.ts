import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Private work folders (an upload being checked, a file being prepared) that a killed process
 * leaves behind. Each folder is named after its process, `<prefix><host>~<pid>~<random>`, so a
 * later sweep tells at once which belong to a process that is gone: one of this host whose pid
 * no longer runs. Anything else (another host's, a pid in use again, an older name) is left
 * until it has been idle for longer than any work takes.
 */
const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
export type WorkDirPrefix = `radio-${string}-`;

const OWNER = /^(?<host>[^~]+)~(?<pid>\d+)~/;

/** A new private folder in `parent` (made if missing) for this process's work. */
export async function makeOwnedWorkDir(parent: string, prefix: WorkDirPrefix): Promise<string> {
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(parent, `${prefix}${host}~${process.pid}~`));
}

function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the folder or anything directly in it last changed (an upload's file grows as it comes). */
async function lastChange(folder: string): Promise<number> {
  const own = await stat(folder);
  const names = await readdir(folder).catch(() => []);
  const inside = await Promise.all(
    names.map((name) =>
      stat(path.join(folder, name)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.max(own.mtimeMs, ...inside);
}

/**
 * Removes the work folders in `parent` whose names start with one of `prefixes` and that no
 * running work owns: those of a gone process of this host, and any unchanged for `idleMs`.
 * Answers the names removed.
 */
export async function removeOrphanedWorkDirs(
  parent: string,
  prefixes: readonly WorkDirPrefix[],
  idleMs: number,
): Promise<string[]> {
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    const prefix = prefixes.find((candidate) => entry.name.startsWith(candidate));
    if (!entry.isDirectory() || prefix === undefined) continue;
    const folder = path.join(parent, entry.name);
    const owner = OWNER.exec(entry.name.slice(prefix.length))?.groups;
    const gone =
      owner?.host === host && Number(owner.pid) !== process.pid && !runs(Number(owner.pid));
    const idle = !gone && Date.now() - (await lastChange(folder).catch(() => Date.now())) > idleMs;
    if (!gone && !idle) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}
