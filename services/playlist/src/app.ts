import { createService, type ServiceApp } from '@radio/service-kit';
import type { PlaylistConfig } from './config.ts';

export function buildApp(config: PlaylistConfig): Promise<ServiceApp> {
  // Its routes come with later issues; until then it answers /healthz and /readyz.
  return createService({ name: 'playlist', config, routes: async () => {} });
}
