import type { Logger } from 'pino';
import type { Db } from '@radio/db';
import { SessionsRepository } from '../sessions/sessions-repository.ts';
import { JOB_NAMES, type JobName } from './job-names.ts';

export interface JobDeps {
  db: Db;
  log: Logger;
}

/** One handler per job name. Each is idempotent: running a job twice does no harm. */
export type JobHandlers = Record<JobName, () => Promise<void>>;

export function jobHandlers({ db, log }: JobDeps): JobHandlers {
  const sessions = new SessionsRepository(db);
  return {
    [JOB_NAMES.removeExpiredSessions]: async () => {
      const removed = await sessions.deleteExpired();
      log.info({ removed }, 'expired sessions removed');
    },
  };
}
