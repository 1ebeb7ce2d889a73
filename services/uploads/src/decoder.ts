import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { HttpError } from '@radio/service-kit';

const exec = promisify(execFile);

export const decoderBusy = (): HttpError =>
  new HttpError(
    503,
    'DECODER_BUSY',
    'De server is druk met andere opnames; probeer het over een minuut opnieuw.',
    { 'retry-after': '60' },
  );

export type RunDecoder = (
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
) => Promise<{ stdout: string; stderr: string }>;

/**
 * Runs ffmpeg or ffprobe at most `concurrency` at a time; the others wait their turn, up to
 * `queueMax`, past which the caller is told at once that the server is busy. `timeoutMs` counts
 * from the start of a run, not from when it was queued.
 */
export function createDecoder({
  concurrency,
  queueMax,
  timeoutMs,
}: {
  concurrency: number;
  queueMax: number;
  timeoutMs: number;
}): RunDecoder {
  const limit = pLimit(concurrency);
  return async (command, args) => {
    if (limit.pendingCount >= queueMax) throw decoderBusy();
    return limit(() => exec(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }));
  };
}

const cores = Math.max(1, os.availableParallelism());

/**
 * Every decode of the service goes through this one queue, one run per core: more at once only
 * makes each slower, until parallel uploads all pass the timeout and are called unreadable.
 */
export const runDecoder = createDecoder({
  concurrency: cores,
  queueMax: 8 * cores,
  timeoutMs: 60_000,
});
