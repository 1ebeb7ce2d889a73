import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { makeOwnedWorkDir, removeOrphanedWorkDirs, type ObjectStorage } from '@radio/storage';

const PREFIXES = ['radio-cloud-', 'radio-voice-'] as const;
/** Longer than any upload stands still (the gateway gives up on one after 2 min without a byte). */
const ORPHAN_IDLE_MS = 15 * 60_000;
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Where uploads are kept while they are checked: on the storage's own file system when it has
 * one, so the finished file is moved into storage without a second write.
 */
export const workParent = (storage: ObjectStorage): string => storage.stagingDir ?? os.tmpdir();

/** A private folder for an upload while it is checked. */
export function makeWorkDir(
  storage: ObjectStorage,
  prefix: (typeof PREFIXES)[number],
): Promise<string> {
  return makeOwnedWorkDir(workParent(storage), prefix);
}

/**
 * Removes the work folders of uploads that a killed process left (see removeOrphanedWorkDirs),
 * now and every few minutes until `stop` is called.
 */
export function sweepWorkDirs(storage: ObjectStorage, log: FastifyBaseLogger): () => void {
  const sweep = (): void => {
    removeOrphanedWorkDirs(workParent(storage), PREFIXES, ORPHAN_IDLE_MS).then(
      (removed) => {
        if (removed.length > 0) log.warn({ removed }, 'removed work folders of broken-off uploads');
      },
      (error: unknown) => log.warn({ err: error }, 'could not sweep the upload work folders'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
