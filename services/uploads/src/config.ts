import type { z } from 'zod';
import { port, serviceEnv } from '@radio/service-kit';
import { checkStorageEnv, storageEnv } from '@radio/storage';

export const uploadsEnv = serviceEnv
  .extend({
    PORT: port.default(3104),
    ...storageEnv.shape,
  })
  .superRefine(checkStorageEnv);
export type UploadsConfig = z.output<typeof uploadsEnv>;
