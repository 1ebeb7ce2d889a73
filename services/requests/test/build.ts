import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { BuildApp, Env } from '@radio/service-kit/testing';
import { buildApp, type RequestsAppOptions } from '../src/app.ts';
import { requestsEnv } from '../src/config.ts';

/** Nothing listens on the discard port: no test ever reaches the real Deezer by accident. */
const NO_DEEZER: Env = {
  DEEZER_API_URL: 'http://127.0.0.1:9',
  DEEZER_GATEWAY_URL: 'http://127.0.0.1:9/ajax/gw-light.php',
};

export function buildRequestsApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(requestsEnv, { ...NO_DEEZER, ...env }));
}

/** The requests service with options (a clock, access to its parts). */
export const buildRequestsAppWith =
  (options: RequestsAppOptions): BuildApp =>
  (env) =>
    buildApp(parseConfig(requestsEnv, { ...NO_DEEZER, ...env }), options);
