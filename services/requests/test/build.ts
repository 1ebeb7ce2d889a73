import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { Env } from '@radio/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { requestsEnv } from '../src/config.ts';

export function buildRequestsApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(requestsEnv, env));
}
