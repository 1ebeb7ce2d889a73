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
    /** Voice messages (POST /api/voicetrack-upload) one listener may record in 24 hours. */
    VOICE_MESSAGES_PER_DAY: z.coerce.number().int().min(1).max(1_000).default(20),
    /** Uploads of one kind (tracks, voice messages) one listener may have in flight at once. */
    UPLOADS_IN_FLIGHT_PER_LISTENER: z.coerce.number().int().min(1).max(100).default(2),
    /** Uploads in flight at once of all listeners together, over every copy of the service. */
    UPLOADS_IN_FLIGHT_TOTAL: z.coerce.number().int().min(1).max(10_000).default(20),
    /**
     * No upload starts while the disk of the uploads' work folders (STORAGE_DIR with the local
     * driver, else the temporary folder) has less free space than this: a 507 instead.
     */
    STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(512),
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
    /** The time zone in which the daily limits' refusals say when uploading works again. */
    STATION_TZ: timeZone.default('Europe/Amsterdam'),
  })
  .superRefine(checkStorageEnv);
export type UploadsConfig = z.output<typeof uploadsEnv>;
