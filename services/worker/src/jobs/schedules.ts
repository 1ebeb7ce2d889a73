import type { JobName } from '@radio/contracts/jobs';

/** Repeating jobs: the scheduler id is the job name, so every worker copy upserts the same one. */
export function repeatingJobs(ingestIntervalMs: number): Partial<Record<JobName, number>> {
  return {
    'ingest-now-playing': ingestIntervalMs,
    'remove-expired-sessions': 15 * 60 * 1000,
  };
}
