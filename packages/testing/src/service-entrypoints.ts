import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

/** Deezer where nothing listens (the discard port): no test ever reaches the real Deezer by accident. */
export const NO_DEEZER_ENV = {
  DEEZER_API_URL: 'http://127.0.0.1:9',
  DEEZER_GATEWAY_URL: 'http://127.0.0.1:9/ajax/gw-light.php',
};

export type ServiceName = 'auth' | 'playlist' | 'requests' | 'uploads' | 'worker';

/**
 * A service's entry point (services/<name>/src/server.ts), to run as a process: a test of one
 * service starts another this way and never imports its code.
 */
export const serviceEntrypoint = (name: ServiceName): string =>
  fileURLToPath(new URL(`../../../services/${name}/src/server.ts`, import.meta.url));

/**
 * The real worker as its server starts it, with this environment (a service's test env: its
 * DATABASE_URL and REDIS_URL), once it says it started. Its log is kept, as JSON, in `output()`.
 */
export function startWorkerProcess(
  env: Record<string, string | undefined>,
): Promise<ServiceProcess> {
  return startServiceProcess({
    entrypoint: serviceEntrypoint('worker'),
    env: { METRICS_PORT: '0', ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    ready: (output) => output.includes('"msg":"worker started"'),
    what: 'the worker',
  });
}
