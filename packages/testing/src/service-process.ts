import type { ChildProcess } from 'node:child_process';
import { spawnTethered, stopProcess } from './process.ts';

export interface ServiceProcess {
  child: ChildProcess;
  /** What it wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for it to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** The service's entry point, e.g. the absolute path of services/worker/src/server.ts. */
  entrypoint: string;
  /** Its whole environment (PATH is added); undefined values are left out. */
  env: Record<string, string | undefined>;
  /** Polled until it answers true: the process is ready. */
  ready: (output: string) => boolean | Promise<boolean>;
  /** Named in the error when it is not ready in time or exits first. */
  what: string;
  timeoutMs?: number;
}

/** A `ready` check: the HTTP service at `url` answers its /readyz (it reaches Postgres and Redis). */
export const answersReadyz = (url: string) => async (): Promise<boolean> =>
  (await fetch(`${url}/readyz`)).ok;

/**
 * Starts a service as it runs in production, from its entry point in a Node process of its own
 * (tethered: it stops when this process goes away), and waits until it is ready. Tests of one
 * service start another this way instead of importing its code.
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
  for (const [name, value] of Object.entries(options.env))
    if (value !== undefined) env[name] = value;
  const child = spawnTethered(process.execPath, [options.entrypoint], { env });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const service: ServiceProcess = { child, output: () => output, stop: () => stopProcess(child) };

  const timeoutMs = options.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve(options.ready(output)).catch(() => false))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.what} exited before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`${options.what} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return service;
}
