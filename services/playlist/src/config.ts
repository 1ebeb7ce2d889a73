import type { z } from 'zod';
import { port, serviceEnv } from '@radio/service-kit';

export const playlistEnv = serviceEnv.extend({
  PORT: port.default(3103),
});
export type PlaylistConfig = z.output<typeof playlistEnv>;
