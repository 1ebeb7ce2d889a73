import { z } from 'zod';
import { port, serviceEnv } from '@radio/service-kit';

export const authEnv = serviceEnv.extend({
  PORT: port.default(3101),
  /** Prometheus metrics (GET /metrics), apart from the API; `make up` sets it (lib.sh). */
  METRICS_PORT: port.default(9101),
  /** The first admin, created at boot while no admin exists. Both or neither. */
  ADMIN_EMAIL: z.email().max(254).optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
});
export type AuthConfig = z.output<typeof authEnv>;
