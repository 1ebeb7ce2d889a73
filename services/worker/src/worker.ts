import { Queue, UnrecoverableError, Worker, type JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '@radio/db';
import { jobHandlers, type JobHandlers } from './jobs/handlers.ts';
import { MAINTENANCE_QUEUE, REPEATING_JOBS, type JobName } from './jobs/job-names.ts';

/** Failed jobs are retried with exponential back-off: 10 s, 20 s, 40 s, 80 s. */
const jobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 500 },
};

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  log: Logger;
}

export interface RunningWorker {
  queue: Queue;
  close(): Promise<void>;
}

function isJobName(name: string, handlers: JobHandlers): name is JobName {
  return Object.hasOwn(handlers, name);
}

export async function startWorker({ db, redisUrl, log }: WorkerDeps): Promise<RunningWorker> {
  const connection = { url: redisUrl };
  const handlers = jobHandlers({ db, log });
  const queue = new Queue(MAINTENANCE_QUEUE, { connection, defaultJobOptions: jobOptions });
  const worker = new Worker(
    MAINTENANCE_QUEUE,
    async (job) => {
      if (!isJobName(job.name, handlers)) throw new UnrecoverableError(`unknown job ${job.name}`);
      await handlers[job.name]();
    },
    { connection },
  );
  worker.on('failed', (job, error) =>
    log.error({ err: error, job: job?.name, attempt: job?.attemptsMade }, 'job failed'),
  );
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  queue.on('error', (error) => log.error({ err: error }, 'queue error'));

  for (const [name, { everyMs }] of Object.entries(REPEATING_JOBS)) {
    await queue.upsertJobScheduler(name, { every: everyMs }, { name, opts: jobOptions });
  }
  log.info({ queue: MAINTENANCE_QUEUE, jobs: Object.keys(REPEATING_JOBS) }, 'worker started');

  return {
    queue,
    async close() {
      // Lets a running job finish before the connections close.
      await worker.close();
      await queue.close();
    },
  };
}
