import type { JobsOptions } from 'bullmq';
import type { BackfillWindow } from '../history/backfill-window.ts';

/** Every queue and job name of the worker, in one place. */
export const MAINTENANCE_QUEUE = 'maintenance';

export const JOB_NAMES = {
  removeExpiredSessions: 'remove-expired-sessions',
  ingestNowPlaying: 'ingest-now-playing',
  backfillHistory: 'backfill-history',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export interface RepeatingJob {
  everyMs: number;
  /** Attempts per run; 1 when the next run comes soon enough anyway. */
  attempts: number;
}

/** Repeating jobs: the scheduler id is the job name, so every worker copy upserts the same one. */
export function repeatingJobs(ingestIntervalMs: number): Partial<Record<JobName, RepeatingJob>> {
  return {
    [JOB_NAMES.removeExpiredSessions]: { everyMs: 15 * 60 * 1000, attempts: 5 },
    [JOB_NAMES.ingestNowPlaying]: { everyMs: ingestIntervalMs, attempts: 1 },
  };
}

export interface QueuedJob {
  name: JobName;
  data: Record<string, unknown>;
  opts: Pick<JobsOptions, 'jobId'>;
}

/** One job per gap: the id makes a second request for the same gap a no-op. */
export function backfillJob({ from, to }: BackfillWindow): QueuedJob {
  return {
    name: JOB_NAMES.backfillHistory,
    data: { from: from.toISOString(), to: to.toISOString() },
    opts: { jobId: `${JOB_NAMES.backfillHistory}-${from.getTime()}` },
  };
}
