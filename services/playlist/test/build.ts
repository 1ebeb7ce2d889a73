import { parseConfig, type ServiceApp } from '@radio/service-kit';
import type { Env } from '@radio/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { playlistEnv } from '../src/config.ts';

export function buildPlaylistApp(env: Env): Promise<ServiceApp> {
  return buildApp(parseConfig(playlistEnv, env));
}
