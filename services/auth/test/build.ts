import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { Env } from '@radio/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { authEnv } from '../src/config.ts';

export function buildAuthApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(authEnv, env));
}
