import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  LIBRARY_SEARCH_CACHE_KEY,
  renderOwnRequest,
  REQUEST_TRACK_READY_CHANNEL,
} from '@radio/contracts';
import { jobDefinition, type JobData, type JobInput, type JobName } from '@radio/contracts/jobs';
import { DjSettingsReader, type Db } from '@radio/db';
import { LiveEventPublisher, LogLimiter } from '@radio/service-kit';
import type { ObjectStorage } from '@radio/storage';
import {
  acquireDeezerTrack,
  type AcquisitionSettings,
} from '../acquisition/acquire-deezer-track.ts';
import { AcquisitionRepository } from '../acquisition/acquisition-repository.ts';
import { awaitStationRequestable } from '../acquisition/await-station-requestable.ts';
import { AdminAuditLogRepository } from '../audit/admin-audit-log-repository.ts';
import { addUploadToLibrary } from '../cloud-uploads/add-upload-to-library.ts';
import { LibraryUploadsRepository } from '../cloud-uploads/library-uploads-repository.ts';
import { backfillHistory } from '../history/backfill-history.ts';
import { PlayHistoryRepository } from '../history/play-history-repository.ts';
import { LibraryTracksRepository } from '../library/library-tracks-repository.ts';
import { scanLibrary } from '../library/scan-library.ts';
import { ingestNowPlaying } from '../now-playing/ingest-now-playing.ts';
import { NowPlayingStore } from '../now-playing/now-playing-store.ts';
import { SessionsRepository } from '../sessions/sessions-repository.ts';
import { removeUnusedVoiceMessages } from '../voice-messages/remove-unused-voice-messages.ts';
import { VoiceMessagesRepository } from '../voice-messages/voice-messages-repository.ts';
import type { SourceFactory } from '../station/active-source.ts';

const BACKFILL_TIMEOUT_MS = 30_000;
/** STATION_NAME's default (as in the playlist and requests services). */
const DEFAULT_STATION_NAME = 'Radio Lokaal';
/** Per call of the source: a page of 500 files (AzuraCast) or the built-in station's listing. */
const LIBRARY_SCAN_TIMEOUT_MS = 60_000;

type Enqueue = <Name extends JobName>(name: Name, data: JobInput<Name>) => Promise<void>;

export interface JobDeps {
  db: Db;
  redis: Redis;
  log: Logger;
  createSource: SourceFactory;
  ingestIntervalMs: number;
  /** Shown when the source names no station (the live now-playing event); default Radio Lokaal. */
  stationName?: string;
  enqueue: Enqueue;
  now?: () => Date;
  /** Deezer track acquisition; unset: no downloader (every such job fails with that reason). */
  acquisition?: AcquisitionSettings;
  /**
   * Object storage (voice messages, listener uploads); unset: the jobs that need it fail with
   * that reason.
   */
  storage?: ObjectStorage;
  /** LIBRARY_DIR, the built-in station's rotation (approved uploads are added there). */
  libraryDir?: string | null;
}

/** One handler per job name. Each is idempotent: running a job twice does no harm. */
export type JobHandlers = { [Name in JobName]: (data: JobData<Name>) => Promise<void> };

export function jobHandlers(deps: JobDeps): JobHandlers {
  const { db, log, createSource } = deps;
  const sessions = new SessionsRepository(db);
  const settings = new DjSettingsReader(db);
  const now = deps.now ?? (() => new Date());
  const liveLog = new LogLimiter();
  const publisher = new LiveEventPublisher(deps.redis, (error) =>
    liveLog.log(
      log,
      'warn',
      'live-events-publish',
      { error: error.message },
      'live event not published',
    ),
  );
  // An AzuraCast station played a listener's request: its owner is told.
  const history = new PlayHistoryRepository(db, (rows) => {
    for (const row of rows) {
      if (row.userId !== null)
        void publisher.publish('my-request', renderOwnRequest(row), row.userId);
    }
  });
  const store = new NowPlayingStore(deps.redis, {
    publisher,
    stationName: deps.stationName ?? DEFAULT_STATION_NAME,
    now: () => now().getTime(),
  });
  const libraryTracks = new LibraryTracksRepository(db);
  const acquisitions = new AcquisitionRepository(db);
  const voiceMessages = new VoiceMessagesRepository(db);
  const auditLog = new AdminAuditLogRepository(db);
  const libraryChanged = async (): Promise<void> => {
    await deps.redis.del(LIBRARY_SEARCH_CACHE_KEY);
  };
  const publishReady = async (requestId: number): Promise<void> => {
    await deps.redis.publish(REQUEST_TRACK_READY_CHANNEL, String(requestId));
  };
  return {
    'remove-expired-sessions': async () => {
      const removed = await sessions.deleteExpired();
      log.info({ removed }, 'expired sessions removed');
    },
    'remove-unused-voice-messages': async () => {
      const { storage } = deps;
      if (!storage) throw new UnrecoverableError('no object storage configured');
      const removed = await removeUnusedVoiceMessages(voiceMessages, storage, now());
      if (removed > 0) log.info({ removed }, 'unused voice messages removed');
    },
    'record-admin-change': async (event) => {
      const added = await auditLog.add(event);
      if (!added) log.info({ eventId: event.eventId }, 'admin change already recorded');
    },
    'ingest-now-playing': () =>
      ingestNowPlaying({
        settings,
        history,
        store,
        createSource,
        requestBackfill: ({ from, to }) =>
          deps.enqueue('backfill-history', { from: from.toISOString(), to: to.toISOString() }),
        requestLibraryScan: () => deps.enqueue('scan-library', {}),
        intervalMs: deps.ingestIntervalMs,
        log,
        now: deps.now ?? (() => new Date()),
      }),
    'acquire-deezer-track': (data) =>
      acquireDeezerTrack(
        {
          requests: acquisitions,
          settings,
          library: libraryTracks,
          libraryChanged,
          publishReady,
          awaitRequestable: (requestId, uploadedAt) =>
            deps.enqueue('await-station-requestable', {
              requestId,
              uploadedAt: uploadedAt.toISOString(),
            }),
          log,
          config: deps.acquisition,
        },
        data,
      ),
    'await-station-requestable': (data) =>
      awaitStationRequestable(
        {
          requests: acquisitions,
          settings,
          library: libraryTracks,
          libraryChanged,
          publishReady,
          log,
          now: deps.now,
        },
        data,
      ),
    'add-upload-to-library': (data) =>
      addUploadToLibrary(
        {
          uploads: new LibraryUploadsRepository(db),
          storage: deps.storage,
          libraryDir: deps.libraryDir ?? null,
          settings,
          library: libraryTracks,
          libraryChanged,
          log,
        },
        data,
      ),
    'backfill-history': (data) =>
      backfillHistory(
        { settings, history, createSource, timeoutMs: BACKFILL_TIMEOUT_MS, log },
        data,
      ),
    'scan-library': () =>
      scanLibrary({
        settings,
        tracks: libraryTracks,
        createSource,
        timeoutMs: LIBRARY_SCAN_TIMEOUT_MS,
        libraryChanged,
        log,
        now: deps.now,
      }),
  };
}

/** Runs a job with its data as it came from Redis; data that does not fit is never retried. */
export async function runJob<Name extends JobName>(
  handlers: JobHandlers,
  name: Name,
  rawData: unknown,
): Promise<void> {
  const data = jobDefinition(name).data.safeParse(rawData);
  if (!data.success) {
    throw new UnrecoverableError(`invalid data for ${name}: ${data.error.message}`);
  }
  const handler: (data: JobData<Name>) => Promise<void> = handlers[name];
  await handler(data.data);
}
