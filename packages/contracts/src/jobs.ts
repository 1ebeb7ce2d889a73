import { z } from 'zod';
import { adminChangeEventSchema } from './admin-audit.ts';

/**
 * BullMQ queues, one per kind of work, each with its own worker and concurrency: a slow backfill
 * or download never delays the next now-playing poll.
 */
export const QUEUE_NAMES = [
  'now-playing',
  'station-sync',
  'acquisition',
  'maintenance',
  'audit',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  queue: QueueName;
  /** Validated when enqueued and again when the job runs. */
  data: Schema;
  /** Tries per run; retried with exponential back-off (DEFAULT_JOB_ATTEMPTS when unset). */
  attempts?: number;
  /** Retried at this fixed interval instead (a job that waits for something outside). */
  retryEveryMs?: number;
  /**
   * The same id is the same job: enqueuing it again while it is kept is a no-op (undefined: a
   * job of its own).
   */
  jobId?: (data: z.output<Schema>) => string | undefined;
}

const defineJob = <Schema extends z.ZodType>(job: JobDefinition<Schema>): JobDefinition<Schema> =>
  job;

const isoDate = z.iso.datetime().transform((value) => new Date(value));

/** Every job of the platform, by name (the one place job names are defined). */
export const JOBS = {
  /**
   * Repeating: one poll of the active station source. Also at once when the built-in station
   * starts a track (`play`: its play id, so a report sent twice polls once).
   */
  'ingest-now-playing': defineJob({
    queue: 'now-playing',
    data: z.object({ play: z.number().int().nonnegative().optional() }),
    jobId: ({ play }) => (play === undefined ? undefined : `ingest-now-playing-play-${play}`),
    // The next poll comes soon enough anyway.
    attempts: 1,
  }),
  /** The plays of a window from the active source's history (after a gap, or a first start). */
  'backfill-history': defineJob({
    queue: 'station-sync',
    data: z.object({ from: isoDate, to: isoDate }),
    // One job per gap: the window starts where the last good answer was.
    jobId: ({ from }) => `backfill-history-${from.getTime()}`,
  }),
  /**
   * Repeating (at start and every LIBRARY_SCAN_MINUTES): indexes the active source's library in
   * library_tracks.
   */
  'scan-library': defineJob({
    queue: 'station-sync',
    data: z.object({}),
    // The next scan comes soon enough; a retry or two covers a station that restarts.
    attempts: 3,
  }),
  /**
   * An accepted Deezer request's track: the station's downloader fetches it, the worker checks it,
   * puts it in the request library and indexes it (downloadStatus ready). One job per request.
   */
  'acquire-deezer-track': defineJob({
    queue: 'acquisition',
    data: z.object({ requestId: z.number().int().positive() }),
    jobId: ({ requestId }) => `acquire-deezer-track-${requestId}`,
  }),
  /**
   * A Deezer request's track that the worker uploaded to an AzuraCast station: asked until the
   * station lists it as requestable (AzuraCast caches that list for up to 10 minutes, and a
   * playlist's schedule may hide it), then the requests service is told it is ready to submit.
   */
  'await-station-requestable': defineJob({
    queue: 'station-sync',
    data: z.object({ requestId: z.number().int().positive(), uploadedAt: isoDate }),
    jobId: ({ requestId }) => `await-station-requestable-${requestId}`,
    // Every 30 s until STATION_REQUESTABLE_WAIT_MS after the upload (the handler's deadline).
    attempts: 60,
    retryEveryMs: 30_000,
  }),
  /**
   * An approved listener upload an admin adds to the built-in station's library: the worker puts
   * it in LIBRARY_DIR as a tagged MP3 and indexes it. Not retried: a failure is shown to the admin,
   * who may ask again (the upload's library status keeps a second job from starting meanwhile).
   */
  'add-upload-to-library': defineJob({
    queue: 'acquisition',
    data: z.object({ uploadId: z.number().int().positive() }),
    attempts: 1,
  }),
  /**
   * An admin change that committed, into admin_audit_log (the worker owns that table). Enqueued
   * by the service that made the change (service-kit's AdminAuditTrail).
   */
  'record-admin-change': defineJob({
    queue: 'audit',
    data: adminChangeEventSchema,
    // Retried with back-off (DEFAULT_JOB_ATTEMPTS); the row's unique event id makes a retry a no-op.
    jobId: ({ eventId }) => `admin-change-${eventId}`,
  }),
  /** Repeating: deletes the sessions that expired. */
  'remove-expired-sessions': defineJob({ queue: 'maintenance', data: z.object({}) }),
  /** Repeating: deletes voice messages (object and row) not sent with a request within a day. */
  'remove-unused-voice-messages': defineJob({ queue: 'maintenance', data: z.object({}) }),
};

export type JobName = keyof typeof JOBS;
/** What a producer passes (ISO strings for times). */
export type JobInput<Name extends JobName> = z.input<(typeof JOBS)[Name]['data']>;
/** What a handler receives (Dates for times). */
export type JobData<Name extends JobName> = z.output<(typeof JOBS)[Name]['data']>;

export const DEFAULT_JOB_ATTEMPTS = 5;
/** How long an uploaded track may take to become requestable: AzuraCast's 600 s cache, and more. */
export const STATION_REQUESTABLE_WAIT_MS = 25 * 60_000;
/** The first retry's delay; each next one doubles it (10 s, 20 s, 40 s, 80 s). */
export const JOB_BACKOFF_MS = 10_000;

export const isJobName = (name: string): name is JobName => Object.hasOwn(JOBS, name);

/** The job names a queue carries. */
export const jobNamesOf = (queue: QueueName): JobName[] =>
  (Object.keys(JOBS) as JobName[]).filter((name) => JOBS[name].queue === queue);

/** A job's definition, seen through its own name's types. */
export function jobDefinition<Name extends JobName>(
  name: Name,
): JobDefinition<z.ZodType<JobData<Name>, JobInput<Name>>> {
  // TypeScript does not narrow JOBS[name] by a generic name; the entry is exactly this.
  return JOBS[name] as unknown as JobDefinition<z.ZodType<JobData<Name>, JobInput<Name>>>;
}
