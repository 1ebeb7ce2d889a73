import type { z } from 'zod';
import { port, serviceEnv } from '@radio/service-kit';

export const requestsEnv = serviceEnv.extend({
  PORT: port.default(3102),
});
export type RequestsConfig = z.output<typeof requestsEnv>;
