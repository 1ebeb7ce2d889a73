/** Every queue and job name of the worker, in one place. */
export const MAINTENANCE_QUEUE = 'maintenance';

export const JOB_NAMES = {
  removeExpiredSessions: 'remove-expired-sessions',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** Repeating jobs: the scheduler id is the job name, so every worker copy upserts the same one. */
export const REPEATING_JOBS: Record<JobName, { everyMs: number }> = {
  [JOB_NAMES.removeExpiredSessions]: { everyMs: 15 * 60 * 1000 },
};
