import { z } from 'zod';
import { runtimeEnv } from '@radio/service-kit';

/** The worker has no HTTP server: the runtime variables plus its own. */
export const workerEnv = runtimeEnv.extend({
  /** How often the active station source is asked what is playing. */
  INGEST_INTERVAL_SECONDS: z.coerce.number().positive().max(300).default(10),
  /** How often the active source's library is indexed (and once at start). */
  LIBRARY_SCAN_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /** Rewritten every 5 s while the worker runs, for the supervisor's liveness check. */
  WORKER_HEARTBEAT_FILE: z.string().trim().min(1).optional(),
});
