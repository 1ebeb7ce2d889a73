import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { localStagingDir, makeOwnedWorkDir } from '@radio/storage';
import { waitFor } from '@radio/testing';
import { buildUploadsApp } from '../build.ts';
import { workDirs } from '../uploads.ts';

let t: TestApp | undefined;
let storageDir: string;
let staging: string;
const left: Record<string, string> = {};

/** A work folder as a process with `pid` on this host made it. */
async function workDirOf(pid: number, prefix: 'radio-cloud-' | 'radio-voice-'): Promise<string> {
  const mine = await makeOwnedWorkDir(staging, prefix);
  const theirs = mine.replace(`~${process.pid}~`, `~${pid}~`);
  await rename(mine, theirs);
  await writeFile(path.join(theirs, 'upload'), 'half an upload');
  return path.basename(theirs);
}

async function idleSince(name: string, minutes: number): Promise<void> {
  const then = new Date(Date.now() - minutes * 60_000);
  await utimes(path.join(staging, name, 'upload'), then, then);
  await utimes(path.join(staging, name), then, then);
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-orphans-storage-'));
  staging = localStagingDir(storageDir);
  const { pid: gone } = spawnSync('true');
  left.killed = await workDirOf(gone!, 'radio-cloud-');
  left.killedVoice = await workDirOf(gone!, 'radio-voice-');
  // Another host's (a copy elsewhere on the same storage): judged by how long it stood still.
  left.elsewhereIdle = 'radio-cloud-elders~4242~abc123';
  left.elsewhereBusy = 'radio-voice-elders~4242~def456';
  left.running = await workDirOf(process.pid, 'radio-cloud-');
  for (const name of [left.elsewhereIdle, left.elsewhereBusy]) {
    await mkdir(path.join(staging, name));
    await writeFile(path.join(staging, name, 'upload'), 'bytes');
  }
  await idleSince(left.elsewhereIdle, 16);
  await idleSince(left.running, 16);
  await mkdir(path.join(staging, 'radio-acquire-xyz'));
  await idleSince(left.elsewhereBusy, 5);
});

afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('work folders of broken-off uploads', () => {
  it('are removed when the service starts: at once for a gone process of this host, after 15 idle minutes for any other', async () => {
    t = await createTestApp(buildUploadsApp, { STORAGE_DIR: storageDir });
    const kept = [left.elsewhereBusy!, 'radio-acquire-xyz'].sort();
    await waitFor(
      async () => JSON.stringify(await workDirs(storageDir)) === JSON.stringify(kept),
      'the orphaned work folders removed',
    );
  });
});
