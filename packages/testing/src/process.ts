import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a server process that stops by itself when this process goes away, even when it is
 * killed without running its clean-up: a watchdog shell kills the server once our pid is gone.
 * (It sleeps in the background so a TERM is handled at once, not after the current sleep.)
 */
export function spawnTethered(
  command: string,
  args: string[],
  options: { runAs?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const inner = options.runAs
    ? `setpriv --reuid=${options.runAs} --regid=${options.runAs} --init-groups ${quoted}`
    : quoted;
  const script = `${inner} & child=$!; trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT; while kill -0 ${process.pid} 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1 & wait $!; done; kill $child 2>/dev/null; wait $child`;
  return spawn('bash', ['-c', script], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
