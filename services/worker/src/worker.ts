import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { isJobName, JOBS, jobNamesOf, QUEUE_NAMES, type QueueName } from '@radio/contracts/jobs';
import { JobProducer, jobOptionsOf } from '@radio/contracts/jobs-producer';
import type { Db } from '@radio/db';
import type { ObjectStorage } from '@radio/storage';
import { failureKind, LogLimiter, type Registry } from '@radio/service-kit';
import type { AcquisitionSettings } from './acquisition/acquire-deezer-track.ts';
import { NotRequestableYet } from './acquisition/await-station-requestable.ts';
import { startDownloaderBeacon } from './acquisition/downloader-beacon.ts';
import { removeOrphanedLibraryWork } from './cloud-uploads/add-upload-to-library.ts';
import { stopRunningDownloads } from './acquisition/run-downloader.ts';
import type { SourceFactory } from './station/active-source.ts';
import { jobHandlers, runJob, type JobHandlers } from './jobs/handlers.ts';
import { repeatingJobs } from './jobs/schedules.ts';
import { startHeartbeat } from './liveness/heartbeat.ts';
import { workerMetrics } from './metrics/worker-metrics.ts';

/** Jobs of one queue run at most this many at a time, per worker copy. */
const CONCURRENCY: Record<QueueName, number> = {
  'now-playing': 1,
  'station-sync': 1,
  acquisition: 2,
  maintenance: 1,
  audit: 2,
};
const HEARTBEAT_INTERVAL_MS = 5_000;
/** Each kind of failure is logged once per this (an outage gives one line a minute per kind). */
const LOG_INTERVAL_MS = 60_000;
const SCHEDULE_RETRY_MS = 2_000;
/** Running jobs get this long to finish at shutdown (within the 10 s shutdown limit). */
const CLOSE_GRACE_MS = 5_000;

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  log: Logger;
  createSource: SourceFactory;
  ingestIntervalMs: number;
  /** STATION_NAME: shown when the source names no station. */
  stationName?: string;
  /** LIBRARY_SCAN_MINUTES; default 15 minutes. */
  libraryScanIntervalMs?: number;
  /** Rewritten while the event loop runs (WORKER_HEARTBEAT_FILE). */
  heartbeatFile?: string;
  heartbeatIntervalMs?: number;
  logIntervalMs?: number;
  /** The clock of the now-playing ingestion (tests). */
  now?: () => Date;
  /** Deezer track acquisition (DEEZER_DOWNLOAD_COMMAND...); unset: not configured. */
  acquisition?: AcquisitionSettings;
  /** Where voice messages and uploads are stored (STORAGE_DRIVER...). */
  storage?: ObjectStorage;
  /** LIBRARY_DIR: approved uploads an admin adds to the station library go here. */
  libraryDir?: string | null;
  /** Where the worker's Prometheus series go (queues, jobs, the station); unset: none. */
  metrics?: Registry;
}

export interface RunningWorker {
  /** The queues, also to enqueue onto. */
  jobs: JobProducer;
  /** Settles once the repeating jobs are scheduled (which waits for Redis). */
  scheduled: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a worker for every queue that has jobs. Nothing here needs Postgres or Redis to be up:
 * jobs fail (and are retried) while Postgres is down, and the queues wait for Redis to return.
 */
export function startWorker(deps: WorkerDeps): RunningWorker {
  const limiter = new LogLimiter(deps.logIntervalMs ?? LOG_INTERVAL_MS);
  const logFailure = (
    level: 'warn' | 'error',
    what: string,
    error: unknown,
    message: string,
    fields: Record<string, unknown> = {},
  ): void =>
    limiter.log(
      deps.log,
      level,
      `${what} ${failureKind(error)}`,
      { ...fields, err: error },
      message,
    );
  const connection = { url: deps.redisUrl };
  const redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', (error: Error) => logFailure('warn', 'redis', error, 'redis connection error'));
  const jobs = new JobProducer(connection, (error) =>
    logFailure('error', 'queue', error, 'queue error'),
  );
  const handlers = jobHandlers({
    ...deps,
    redis,
    enqueue: (name, data) => jobs.enqueue(name, data),
  });

  const queues = QUEUE_NAMES.filter((queue) => jobNamesOf(queue).length > 0);
  const metrics =
    deps.metrics &&
    workerMetrics({
      registry: deps.metrics,
      redis,
      jobs,
      queues,
      now: deps.now ?? (() => new Date()),
    });
  const workers = queues.map((queue) => {
    const worker = new Worker(queue, (job) => runQueuedJob(handlers, queue, job.name, job.data), {
      connection,
      concurrency: CONCURRENCY[queue],
    });
    worker.on('failed', (job, error) => {
      // Waiting for AzuraCast to list an upload is no failure: it is asked again in 30 s.
      if (error instanceof NotRequestableYet) return;
      logFailure('error', `job ${job?.name}`, error, 'job failed', {
        job: job?.name,
        attempt: job?.attemptsMade,
      });
    });
    worker.on('error', (error) => logFailure('error', 'worker', error, 'worker error', { queue }));
    metrics?.watch(queue, worker);
    return worker;
  });

  const stopping = new AbortController();
  const schedules = repeatingJobs(deps.ingestIntervalMs, deps.libraryScanIntervalMs);
  const stopHeartbeat = deps.heartbeatFile
    ? startHeartbeat(deps.heartbeatFile, deps.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS, (e) =>
        logFailure('error', 'heartbeat', e, 'could not write the heartbeat file'),
      )
    : () => {};
  const stopBeacon = deps.acquisition?.command
    ? startDownloaderBeacon(redis, (e) =>
        logFailure('warn', 'beacon', e, 'could not announce the Deezer downloader'),
      )
    : () => {};
  const scheduled = keepTrying(
    () => schedule(jobs, schedules),
    stopping.signal,
    (error) => logFailure('warn', 'schedule', error, 'could not schedule jobs yet'),
  ).then((done) => {
    if (done) deps.log.info({ jobs: Object.keys(schedules) }, 'repeating jobs scheduled');
  });
  // A worker killed mid-job left its work folder; the job itself runs again.
  removeOrphanedLibraryWork().then(
    (removed) => {
      if (removed.length > 0) deps.log.warn({ removed }, 'removed work folders of killed jobs');
    },
    (error: unknown) => logFailure('warn', 'work-folders', error, 'could not sweep work folders'),
  );
  deps.log.info({ queues }, 'worker started');

  return {
    jobs,
    scheduled,
    async close() {
      stopping.abort();
      stopHeartbeat();
      stopBeacon();
      limiter.clear();
      // Lets running jobs finish before the connections close. With Redis down neither BullMQ's
      // close nor a pending schedule settles: then the process ends without them.
      const closed = Promise.all([
        scheduled,
        ...workers.map((worker) => worker.close()),
        jobs.close(),
      ]);
      await Promise.race([closed, sleep(CLOSE_GRACE_MS, undefined, { ref: false })]);
      // A download still running would outlive the worker; its job runs again after a restart.
      stopRunningDownloads();
      redis.disconnect();
    },
  };
}

function runQueuedJob(
  handlers: JobHandlers,
  queue: QueueName,
  name: string,
  data: unknown,
): Promise<void> {
  if (!isJobName(name) || JOBS[name].queue !== queue) {
    throw new UnrecoverableError(`no job ${name} on queue ${queue}`);
  }
  return runJob(handlers, name, data);
}

/**
 * Puts each repeating job's schedule on its queue, and removes schedules a queue no longer
 * carries (a job that moved to another queue, or is gone).
 */
async function schedule(
  jobs: JobProducer,
  schedules: ReturnType<typeof repeatingJobs>,
): Promise<void> {
  for (const queue of QUEUE_NAMES) {
    const wanted = jobNamesOf(queue).filter((name) => schedules[name] !== undefined);
    for (const name of wanted) {
      await jobs
        .queue(queue)
        .upsertJobScheduler(name, { every: schedules[name] }, { name, opts: jobOptionsOf(name) });
    }
    for (const { key } of await jobs.queue(queue).getJobSchedulers()) {
      if (!(wanted as string[]).includes(key)) await jobs.queue(queue).removeJobScheduler(key);
    }
  }
}

/** Runs `attempt` until it succeeds (true) or `signal` aborts (false). */
async function keepTrying(
  attempt: () => Promise<void>,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<boolean> {
  while (!signal.aborted) {
    try {
      await attempt();
      return true;
    } catch (error) {
      if (signal.aborted) break;
      onError(error);
      await sleep(SCHEDULE_RETRY_MS, undefined, { signal }).catch(() => {});
    }
  }
  return false;
}
