import { createService, type ServiceApp } from '@radio/service-kit';
import type { UploadsConfig } from './config.ts';

export function buildApp(config: UploadsConfig): Promise<ServiceApp> {
  // Its routes come with later issues; until then it answers /healthz and /readyz.
  return createService({ name: 'uploads', config, routes: async () => {} });
}
