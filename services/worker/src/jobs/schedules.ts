import type { JobName } from '@radio/contracts/jobs';

/** LIBRARY_SCAN_MINUTES' default. */
export const DEFAULT_LIBRARY_SCAN_MS = 15 * 60 * 1000;

/** Repeating jobs: the scheduler id is the job name, so every worker copy upserts the same one. */
export function repeatingJobs(
  ingestIntervalMs: number,
  libraryScanIntervalMs: number = DEFAULT_LIBRARY_SCAN_MS,
): Partial<Record<JobName, number>> {
  return {
    'ingest-now-playing': ingestIntervalMs,
    'scan-library': libraryScanIntervalMs,
    'remove-expired-sessions': 15 * 60 * 1000,
    'remove-unused-voice-messages': 60 * 60 * 1000,
  };
}
