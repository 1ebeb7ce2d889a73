import { Queue, UnrecoverableError, Worker, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '@radio/db';
import type { SourceFactory } from './station/active-source.ts';
import { jobHandlers, type JobHandlers } from './jobs/handlers.ts';
import { MAINTENANCE_QUEUE, repeatingJobs, type JobName } from './jobs/job-names.ts';

/** Failed jobs are retried with exponential back-off: 10 s, 20 s, 40 s, 80 s. */
const jobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 500 },
};

// A long backfill must not hold up the next now-playing poll.
const CONCURRENCY = 2;

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  log: Logger;
  createSource: SourceFactory;
  ingestIntervalMs: number;
  /** The clock of the now-playing ingestion (tests). */
  now?: () => Date;
}

export interface RunningWorker {
  queue: Queue;
  close(): Promise<void>;
}

function isJobName(name: string, handlers: JobHandlers): name is JobName {
  return Object.hasOwn(handlers, name);
}

export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const { log } = deps;
  const connection = { url: deps.redisUrl };
  const redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'));
  const queue = new Queue(MAINTENANCE_QUEUE, { connection, defaultJobOptions: jobOptions });
  const handlers = jobHandlers({
    ...deps,
    redis,
    enqueue: async ({ name, data, opts }) => {
      await queue.add(name, data, { ...jobOptions, ...opts });
    },
  });
  const worker = new Worker(
    MAINTENANCE_QUEUE,
    async (job) => {
      if (!isJobName(job.name, handlers)) throw new UnrecoverableError(`unknown job ${job.name}`);
      try {
        await handlers[job.name](job.data);
      } catch (error) {
        if (error instanceof z.ZodError) {
          throw new UnrecoverableError(`invalid data for ${job.name}: ${error.message}`);
        }
        throw error;
      }
    },
    { connection, concurrency: CONCURRENCY },
  );
  worker.on('failed', (job, error) =>
    log.error({ err: error, job: job?.name, attempt: job?.attemptsMade }, 'job failed'),
  );
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  queue.on('error', (error) => log.error({ err: error }, 'queue error'));

  const schedules = repeatingJobs(deps.ingestIntervalMs);
  for (const [name, { everyMs, attempts }] of Object.entries(schedules)) {
    await queue.upsertJobScheduler(
      name,
      { every: everyMs },
      { name, opts: { ...jobOptions, attempts } },
    );
  }
  log.info({ queue: MAINTENANCE_QUEUE, jobs: Object.keys(schedules) }, 'worker started');

  return {
    queue,
    async close() {
      // Lets a running job finish before the connections close.
      await worker.close();
      await queue.close();
      redis.disconnect();
    },
  };
}
