import type { z } from 'zod';
import { runtimeEnv } from '@radio/service-kit';

/** The worker has no HTTP server: it reads the runtime variables only. */
export const workerEnv = runtimeEnv;
export type WorkerConfig = z.output<typeof workerEnv>;
