import { z } from 'zod';
import { port, runtimeEnv } from '@radio/service-kit';
import { checkStorageEnv, storageEnv } from '@radio/storage';
import { downloadCommandSchema } from './acquisition/download-command.ts';

/** The worker has no HTTP server: the runtime variables plus its own. */
export const workerEnv = runtimeEnv
  .extend({
    /** Prometheus metrics (GET /metrics); `make up` sets it (lib.sh). */
    METRICS_PORT: port.default(9105),
    /** The station's name where its source gives none (as the playlist service renders it). */
    STATION_NAME: z.string().trim().min(1).default('Radio Lokaal'),
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
    /**
     * The station's Deezer downloader as a JSON array of arguments (run without a shell), e.g.
     * ["deemix","-b","{bitrate}","-p","{outdir}","{url}"]. Placeholders: {url} (the track's page),
     * {outdir} (an empty folder for its output), {bitrate}, {configdir} (a private folder holding
     * the ARL in `.arl`: DEEMIX_DATA_DIR, and `./config` of the working folder, where deemix
     * --portable looks). Unset: Deezer tracks cannot be fetched.
     */
    DEEZER_DOWNLOAD_COMMAND: downloadCommandSchema.optional(),
    DEEZER_DOWNLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().max(3_600).default(300),
    /** What {bitrate} becomes: deemix takes 128, 320 or flac (320 and flac need a paid account). */
    DEEZER_DOWNLOAD_BITRATE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]+$/)
      .default('128'),
    /**
     * The built-in station's request-only library (songs it plays only when asked for): acquired
     * Deezer tracks are put here as `Artist - Title.mp3`.
     */
    REQUEST_LIBRARY_DIR: z.string().trim().min(1).optional(),
    /**
     * On an AzuraCast station, acquired Deezer tracks are uploaded through its files API into
     * this playlist, which must exist and allow requests (AzuraCast: "Allow Requests from This
     * Playlist"); the API key needs the station permission "Manage Station Media".
     */
    AZURACAST_REQUEST_PLAYLIST: z.string().trim().min(1).max(200).default('Verzoekjes'),
    /** The built-in station's rotation: approved listener uploads an admin adds go here. */
    LIBRARY_DIR: z.string().trim().min(1).optional(),
    /** Object storage of the voice messages it cleans up (the uploads service's settings). */
    ...storageEnv.shape,
  })
  .superRefine(checkStorageEnv);
