import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { HttpError } from '@radio/service-kit';

const exec = promisify(execFile);

/** One decode per core: more at once only makes each slower, until all pass the timeout. */
const limit = pLimit(Math.max(1, os.availableParallelism()));
/** Runs waiting for a core; past this a listener hears at once that the server is busy. */
export const DECODER_QUEUE_MAX = 8 * limit.concurrency;
/** Counted from the start of a run, not from when it was queued. */
const RUN_TIMEOUT_MS = 60_000;

export const decoderBusy = (): HttpError =>
  new HttpError(
    503,
    'DECODER_BUSY',
    'De server is druk met andere opnames; probeer het over een minuut opnieuw.',
    { 'retry-after': '60' },
  );

/**
 * Runs ffmpeg or ffprobe once a core is free. Every decode of the service goes through here, so
 * parallel uploads wait their turn (or are told the server is busy) instead of timing out together.
 */
export async function runDecoder(
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
): Promise<{ stdout: string; stderr: string }> {
  if (limit.pendingCount >= DECODER_QUEUE_MAX) throw decoderBusy();
  return limit(() => exec(command, args, { timeout: RUN_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }));
}
