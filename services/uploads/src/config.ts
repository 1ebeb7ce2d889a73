import type { z } from 'zod';
import { port, serviceEnv } from '@radio/service-kit';

export const uploadsEnv = serviceEnv.extend({
  PORT: port.default(3104),
});
export type UploadsConfig = z.output<typeof uploadsEnv>;
