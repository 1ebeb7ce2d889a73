import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { Env } from '@radio/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { uploadsEnv } from '../src/config.ts';

export function buildUploadsApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(uploadsEnv, env));
}
