import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import {
  DEFAULT_JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  jobDefinition,
  type JobInput,
  type JobName,
  type QueueName,
} from './jobs.ts';

/** Options of every job: retried with back-off (exponential unless fixed), finished jobs trimmed. */
export function jobOptionsOf(name: JobName): JobsOptions {
  const { attempts, retryEveryMs } = jobDefinition(name);
  return {
    attempts: attempts ?? DEFAULT_JOB_ATTEMPTS,
    backoff:
      retryEveryMs === undefined
        ? { type: 'exponential', delay: JOB_BACKOFF_MS }
        : { type: 'fixed', delay: retryEveryMs },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 500 },
  };
}

/**
 * Puts jobs on their queues, for any service: `await jobs.enqueue('backfill-history', { from,
 * to })`. The data is checked against the job's schema before it leaves; a job with a `jobId` is
 * enqueued once however often it is asked for.
 */
export class JobProducer {
  readonly #connection: ConnectionOptions;
  readonly #queues = new Map<QueueName, Queue>();
  readonly #onError: (error: Error) => void;

  constructor(connection: ConnectionOptions, onError: (error: Error) => void) {
    this.#connection = connection;
    this.#onError = onError;
  }

  queue(name: QueueName): Queue {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.#connection });
      queue.on('error', this.#onError);
      this.#queues.set(name, queue);
    }
    return queue;
  }

  /** `retryDelayMs`: the first retry's delay instead of JOB_BACKOFF_MS (each next one doubles). */
  async enqueue<Name extends JobName>(
    name: Name,
    data: JobInput<Name>,
    { retryDelayMs }: { retryDelayMs?: number } = {},
  ): Promise<void> {
    const job = jobDefinition(name);
    const parsed = job.data.parse(data);
    const options = jobOptionsOf(name);
    await this.queue(job.queue).add(name, data, {
      ...options,
      ...(retryDelayMs === undefined
        ? {}
        : { backoff: { type: 'exponential', delay: retryDelayMs } }),
      jobId: job.jobId?.(parsed),
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
    this.#queues.clear();
  }
}
