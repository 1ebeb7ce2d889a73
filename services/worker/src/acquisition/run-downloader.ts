import { spawn } from 'node:child_process';

/** The last this many characters of the downloader's output are kept for the failure reason. */
const OUTPUT_LIMIT = 2_000;
/** After SIGTERM the process group gets this long before SIGKILL. */
const KILL_GRACE_MS = 2_000;

export interface DownloaderRun {
  argv: readonly string[];
  env: Record<string, string>;
  /** The working folder. */
  cwd: string;
  timeoutMs: number;
  /** Removed from the output wherever it appears (the ARL). */
  secret: string;
}

export interface DownloaderResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The tail of stdout and stderr together, secret scrubbed, control characters removed. */
  output: string;
}

/** Process groups of the downloads running now (to end them when the worker stops). */
const runningGroups = new Set<number>();

/** Ends every download this process started (worker shutdown): their jobs run again elsewhere. */
export function stopRunningDownloads(): void {
  for (const pid of runningGroups) killGroup(pid, 'SIGKILL');
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Runs the downloader: no shell, stdin closed, in a process group of its own so that a time
 * limit ends whatever it started too. Never rejects for the command's own failures.
 */
export function runDownloader(run: DownloaderRun): Promise<DownloaderResult> {
  const [command, ...args] = run.argv;
  return new Promise((resolve) => {
    let output = '';
    let truncated = false;
    let timedOut = false;
    const keep = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.length > OUTPUT_LIMIT * 2) {
        output = output.slice(-OUTPUT_LIMIT * 2);
        truncated = true;
      }
    };
    const child = spawn(command ?? '', args, {
      env: run.env,
      cwd: run.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      shell: false,
    });
    if (child.pid !== undefined) runningGroups.add(child.pid);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let killTimer: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    }, run.timeoutMs);
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, extra = ''): void => {
      clearTimeout(limit);
      clearTimeout(killTimer);
      // Whatever it left running in the background goes with it.
      killGroup(child.pid, 'SIGKILL');
      if (child.pid !== undefined) runningGroups.delete(child.pid);
      // A line cut by the truncation could hold part of the secret: it goes.
      const whole = truncated ? output.slice(output.indexOf('\n') + 1) : output;
      resolve({ exitCode, signal, timedOut, output: tidy(whole + extra, run.secret) });
    };
    child.once('error', (error) => finish(null, null, `\n${error.message}`));
    // Background children would keep the pipes (and 'close') open.
    child.once('exit', () => killGroup(child.pid, 'SIGKILL'));
    child.once('close', (code, signal) => finish(code, signal));
  });
}

/** Readable and safe to store: the secret out, control characters out, the tail only. */
export function tidy(text: string, secret: string): string {
  const scrubbed = secret === '' ? text : text.replaceAll(secret, '[ARL]');
  return (
    scrubbed
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      // Long hex runs look like tokens: never stored.
      .replace(/[0-9a-f]{64,}/gi, '[…]')
      .trim()
      .slice(-OUTPUT_LIMIT)
  );
}
