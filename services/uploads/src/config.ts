import { z } from 'zod';
import { port, serviceEnv, timeZone } from '@radio/service-kit';
import { checkStorageEnv, storageEnv } from '@radio/storage';

export const uploadsEnv = serviceEnv
  .extend({
    PORT: port.default(3104),
    /** Prometheus metrics (GET /metrics), apart from the API; `make up` sets it (lib.sh). */
    METRICS_PORT: port.default(9104),
    ...storageEnv.shape,
    /** Track uploads (POST /api/cloud-upload) one listener may make in 24 hours. */
    CLOUD_UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(1_000).default(10),
    /** How long an admin's download link of an uploaded track works. */
    CLOUD_UPLOAD_LINK_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /**
     * The admin page's link to an upload in an external storage view, e.g. a bucket browser's
     * `https://files.example.nl/browser/{bucket}/{key}`; no link when unset.
     */
    STORAGE_VIEW_URL_TEMPLATE: z
      .string()
      .refine((value) => value.includes('{key}'), 'needs {key}')
      .optional(),
    /**
     * The built-in station's library (its rotation): when set, an admin can add approved uploads
     * to it (the worker copies them there).
     */
    LIBRARY_DIR: z.string().trim().min(1).optional(),
    /** The time zone in which the daily limit's refusal says when uploading works again. */
    STATION_TZ: timeZone.default('Europe/Amsterdam'),
  })
  .superRefine(checkStorageEnv);
export type UploadsConfig = z.output<typeof uploadsEnv>;
