import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { Env } from '@radio/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { uploadsEnv } from '../src/config.ts';

/** The uploads service under test; objects go to a fresh temporary folder unless told. */
export async function buildUploadsApp(env: Env): Promise<ServiceApp> {
  if (env.STORAGE_DIR) return buildApp(parseConfig(uploadsEnv, env));
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'radio-uploads-'));
  const app = await buildApp(parseConfig(uploadsEnv, { ...env, STORAGE_DIR: storageDir }));
  app.addHook('onClose', () => rm(storageDir, { recursive: true, force: true }));
  return app;
}
