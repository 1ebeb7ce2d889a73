import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStorage } from '@radio/storage';

/**
 * A private folder for an upload while it is checked: on the storage's own file system when it
 * has one, so the finished file is moved into storage without a second write.
 */
export async function makeWorkDir(storage: ObjectStorage, prefix: string): Promise<string> {
  const parent = storage.stagingDir ?? os.tmpdir();
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(parent, prefix));
}
