/**
 * The behavioural fake AzuraCast (packages/testing/src/fake-azuracast-cli.ts) as a child process
 * on AZURACAST_PORT, whose origin the global setup put in the services' PRIVATE_SOURCE_ORIGINS.
 * Its stdin is a pipe: it stops when this process dies, or on stop().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { repoRoot, stackPort } from './stack.ts';

const START_TIMEOUT_MS = 15_000;

export interface RunningFakeAzuraCast {
  url: string;
  nowPlayingUrl: string;
  /** A `/__fake/*` control route: GET without options, else POST. */
  control: (route: string, method?: 'GET' | 'POST') => Promise<FakeState>;
  stop: () => Promise<void>;
}

export interface FakeState {
  now: string;
  songRequests: { id: number; mediaId: number; requestedAt: number; playedAt: number | null }[];
  queue: unknown[];
  nowPlaying: unknown;
}

export async function startFakeAzuraCast(args: string[]): Promise<RunningFakeAzuraCast> {
  const cli = path.join(repoRoot, 'packages', 'testing', 'src', 'fake-azuracast-cli.ts');
  const child = spawn(
    process.execPath,
    [cli, '--port', String(stackPort('AZURACAST_PORT')), ...args],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the fake AzuraCast did not start')),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`the fake AzuraCast exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
  });
  const { url, nowPlayingUrl } = JSON.parse(first) as { url: string; nowPlayingUrl: string };
  return {
    url,
    nowPlayingUrl,
    control: async (route, method = 'GET') => {
      const answer = await fetch(`${url}/__fake/${route}`, { method });
      if (!answer.ok) throw new Error(`${method} /__fake/${route}: ${answer.status}`);
      return (await answer.json()) as FakeState;
    },
    stop: () => stop(child),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
