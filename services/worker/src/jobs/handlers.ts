import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '@radio/db';
import { backfillHistory } from '../history/backfill-history.ts';
import { PlayHistoryRepository } from '../history/play-history-repository.ts';
import { ingestNowPlaying } from '../now-playing/ingest-now-playing.ts';
import { NowPlayingStore } from '../now-playing/now-playing-store.ts';
import { SessionsRepository } from '../sessions/sessions-repository.ts';
import type { SourceFactory } from '../station/active-source.ts';
import { DjSettingsRepository } from '../station/dj-settings-repository.ts';
import { backfillJob, JOB_NAMES, type JobName, type QueuedJob } from './job-names.ts';

const BACKFILL_TIMEOUT_MS = 30_000;

export interface JobDeps {
  db: Db;
  redis: Redis;
  log: Logger;
  createSource: SourceFactory;
  ingestIntervalMs: number;
  enqueue: (job: QueuedJob) => Promise<void>;
  now?: () => Date;
}

/**
 * One handler per job name; each validates its own job data. Each is idempotent: running a job
 * twice does no harm.
 */
export type JobHandlers = Record<JobName, (data: unknown) => Promise<void>>;

export function jobHandlers(deps: JobDeps): JobHandlers {
  const { db, log, createSource } = deps;
  const sessions = new SessionsRepository(db);
  const settings = new DjSettingsRepository(db);
  const history = new PlayHistoryRepository(db);
  const store = new NowPlayingStore(deps.redis);
  return {
    [JOB_NAMES.removeExpiredSessions]: async () => {
      const removed = await sessions.deleteExpired();
      log.info({ removed }, 'expired sessions removed');
    },
    [JOB_NAMES.ingestNowPlaying]: () =>
      ingestNowPlaying({
        settings,
        history,
        store,
        createSource,
        requestBackfill: (window) => deps.enqueue(backfillJob(window)),
        intervalMs: deps.ingestIntervalMs,
        log,
        now: deps.now ?? (() => new Date()),
      }),
    [JOB_NAMES.backfillHistory]: (data) =>
      backfillHistory(
        { settings, history, createSource, timeoutMs: BACKFILL_TIMEOUT_MS, log },
        data,
      ),
  };
}
