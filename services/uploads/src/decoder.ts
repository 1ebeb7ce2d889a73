import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import type { Writable } from 'node:stream';
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

/** A decoder run that reads its input from a pipe while the input is still arriving. */
export interface StreamedRun {
  /** The run's standard input: write the bytes, then end it. */
  readonly input: Writable;
  /** Whether the run exited cleanly; false when it failed, was stopped or timed out. */
  readonly exited: Promise<boolean>;
  stop(): void;
}

/** Starts a run that reads `pipe:0` and hands its output to `onStdout`; null when none may start. */
export type StartStreamedRun = (
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  onStdout: (text: string) => void,
) => StreamedRun | null;

/**
 * Runs that decode an upload while it arrives, at most `concurrency` at a time; past that none
 * starts (the caller decodes the finished file through the queue instead). They are apart from
 * the queue: a run that waits for bytes costs no CPU, and one that decodes slower than the bytes
 * arrive holds the upload back through its pipe. `timeoutMs` counts from the end of the input.
 */
export function createStreamedDecoder({
  concurrency,
  timeoutMs,
}: {
  concurrency: number;
  timeoutMs: number;
}): StartStreamedRun {
  let running = 0;
  return (command, args, onStdout) => {
    if (running >= concurrency) return null;
    running += 1;
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise<boolean>((resolve) => {
      child.once('error', () => resolve(false));
      child.once('close', (code) => resolve(code === 0));
    }).finally(() => {
      running -= 1;
      clearTimeout(timer);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onStdout);
    // A run that stops early breaks its pipe (EPIPE); its exit says how it went.
    child.stdin.on('error', () => undefined);
    child.stdin.once('finish', () => {
      timer = setTimeout(() => child.kill(), timeoutMs);
    });
    return { input: child.stdin, exited, stop: () => child.kill() };
  };
}

/** Every decode of an upload while it arrives; a few per core, since most of them wait for bytes. */
export const startStreamedRun = createStreamedDecoder({
  concurrency: 4 * cores,
  timeoutMs: 60_000,
});
