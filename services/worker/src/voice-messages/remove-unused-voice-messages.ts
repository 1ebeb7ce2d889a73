import { VOICE_MESSAGE_UNUSED_HOURS } from '@radio/contracts';
import type { ObjectStorage } from '@radio/storage';
import type { VoiceMessagesRepository } from './voice-messages-repository.ts';

const BATCH = 100;

/** Deletes every voice message (object, then row) not attached to a request within a day. */
export async function removeUnusedVoiceMessages(
  repository: VoiceMessagesRepository,
  storage: ObjectStorage,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - VOICE_MESSAGE_UNUSED_HOURS * 3_600_000);
  let total = 0;
  for (;;) {
    const removed = await repository.removeUnused(before, (key) => storage.delete(key), BATCH);
    total += removed;
    if (removed < BATCH) return total;
  }
}
