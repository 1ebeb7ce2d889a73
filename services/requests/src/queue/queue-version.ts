import { createHash } from 'node:crypto';
import type { PlacedEntry } from './automation-queue-repository.ts';

/** What the admin saw of the queue: a change against another queue is stale. */
export interface SeenQueue {
  /** The listing's version. */
  version?: string | undefined;
  /** The id of the entry the admin saw at the position moved from. */
  entryId?: string | undefined;
}

export type QueueChange =
  | { ok: true }
  | { ok: false; refusal: 'stale' | 'position'; count: number }
  | { ok: false; refusal: 'unknown-track' };

/** Changes with every change of the waiting entries' order (or of which entries wait). */
export function queueVersion(waiting: readonly Pick<PlacedEntry, 'id'>[]): string {
  const hash = createHash('sha256');
  for (const entry of waiting) hash.update(`${entry.id},`);
  return hash.digest('base64url').slice(0, 22);
}
