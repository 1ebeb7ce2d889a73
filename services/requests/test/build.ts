import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { BuildApp, Env } from '@radio/service-kit/testing';
import { NO_DEEZER_ENV } from '@radio/testing';
import { buildApp, type RequestsAppOptions } from '../src/app.ts';
import { requestsEnv } from '../src/config.ts';

export function buildRequestsApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(requestsEnv, { ...NO_DEEZER_ENV, ...env }));
}

/** The requests service with options (a clock, access to its parts). */
export const buildRequestsAppWith =
  (options: RequestsAppOptions): BuildApp =>
  (env) =>
    buildApp(parseConfig(requestsEnv, { ...NO_DEEZER_ENV, ...env }), options);
