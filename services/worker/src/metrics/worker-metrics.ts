import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '@radio/contracts/jobs';
import type { JobProducer } from '@radio/contracts/jobs-producer';
import { Counter, Gauge, Histogram, withTimeout, type Registry } from '@radio/service-kit';
import { NowPlayingStore } from '../now-playing/now-playing-store.ts';

/** States of a BullMQ queue that an operator watches (a backlog, stuck or failing jobs). */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** A scrape never waits longer than this on Redis: the series are left out instead. */
const READ_TIMEOUT_MS = 1_000;
/** Seconds; from a now-playing poll (~10 ms) to a Deezer download (minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export interface WorkerMetricsDeps {
  registry: Registry;
  redis: Redis;
  jobs: JobProducer;
  queues: readonly QueueName[];
  now: () => Date;
}

/**
 * The worker's own series: queue depth per state (read from Redis at each scrape, so it counts
 * the jobs of every worker copy), job durations and failures (of this copy), and the station as
 * the now-playing snapshot in Redis tells it: seconds since the last good poll, and listeners.
 */
export function workerMetrics(deps: WorkerMetricsDeps): {
  watch(queue: QueueName, worker: Worker): void;
} {
  const { registry, jobs, queues } = deps;
  const store = new NowPlayingStore(deps.redis);

  new Gauge({
    name: 'radio_queue_jobs',
    help: 'Jobs in a BullMQ queue, by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await withTimeout(
          Promise.all(queues.map((queue) => jobs.queue(queue).getJobCounts(...JOB_STATES))),
          READ_TIMEOUT_MS,
        );
        queues.forEach((queue, i) => {
          for (const state of JOB_STATES) this.set({ queue, state }, counts[i]?.[state] ?? 0);
        });
      } catch {
        // Redis away: no queue series in this scrape (absent, not a false 0).
      }
    },
  });

  // One read of the snapshot per scrape serves both gauges (NaN: no snapshot, or Redis away).
  let snapshotRead: Promise<void> | null = null;
  const readSnapshot = (): Promise<void> =>
    (snapshotRead ??= (async () => {
      try {
        const snapshot = await withTimeout(store.snapshot(), READ_TIMEOUT_MS);
        nowPlayingAge.set(
          snapshot ? Math.max(0, (deps.now().getTime() - snapshot.observedAt) / 1000) : Number.NaN,
        );
        listeners.set(snapshot?.listeners?.current ?? Number.NaN);
        uniqueListeners.set(snapshot?.listeners?.unique ?? Number.NaN);
      } catch {
        for (const gauge of [nowPlayingAge, listeners, uniqueListeners]) gauge.set(Number.NaN);
      }
    })().finally(() => (snapshotRead = null)));
  const nowPlayingAge = new Gauge({
    name: 'radio_now_playing_age_seconds',
    help: 'Seconds since the last good poll of the station (the now-playing snapshot)',
    registers: [registry],
    collect: readSnapshot,
  });
  const listeners = new Gauge({
    name: 'radio_stream_listeners',
    help: 'Listeners of the stream, as the station last reported them',
    registers: [registry],
    collect: readSnapshot,
  });
  const uniqueListeners = new Gauge({
    name: 'radio_stream_unique_listeners',
    help: 'Unique listeners of the stream (by address), as the station last reported them',
    registers: [registry],
    collect: readSnapshot,
  });

  const durations = new Histogram({
    name: 'radio_job_duration_seconds',
    help: 'Time a job ran, by queue, job name and outcome (completed, failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'radio_jobs_failed_total',
    help: 'Job runs that failed (each try counts), by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [registry],
  });

  const observe = (queue: QueueName, job: Job | undefined, outcome: string): void => {
    if (!job?.processedOn || !job.finishedOn) return;
    durations.observe(
      { queue, job: job.name, outcome },
      Math.max(0, job.finishedOn - job.processedOn) / 1000,
    );
  };

  return {
    watch(queue, worker) {
      worker.on('completed', (job) => observe(queue, job, 'completed'));
      worker.on('failed', (job) => {
        failures.inc({ queue, job: job?.name ?? 'unknown' });
        observe(queue, job, 'failed');
      });
    },
  };
}
