/**
 * The worker as services/worker/src/server.ts starts it (its env parsed), for the flow tests
 * that run it beside the requests service on one Postgres and Redis, with one of the worker's
 * own fake downloaders (services/worker/test/acquisition/fake-downloaders).
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '@radio/db';
import { createLogger, parseConfig } from '@radio/service-kit';
import { createAzuraCastSource } from '@radio/station';
import type { AcquisitionSettings } from '../../../worker/src/acquisition/acquire-deezer-track.ts';
import { workerEnv } from '../../../worker/src/config.ts';
import { startWorker, type RunningWorker } from '../../../worker/src/worker.ts';

export const fakeDownloader = (name: 'writes-audio' | 'writes-nothing'): string =>
  fileURLToPath(
    new URL(`../../../worker/test/acquisition/fake-downloaders/${name}.sh`, import.meta.url),
  );

export interface TestWorker {
  worker: RunningWorker;
  config: ReturnType<typeof parseConfig<typeof workerEnv>>;
  acquisition: AcquisitionSettings;
  log: ReturnType<typeof createLogger>;
}

/**
 * `downloader` writes a 386 s MP3 (or nothing) and records its arguments in `trace`;
 * `ingestIntervalMs` overrides INGEST_INTERVAL_SECONDS.
 */
export function startTestWorker(options: {
  env: Record<string, string | undefined>;
  db: Db;
  downloader: 'writes-audio' | 'writes-nothing';
  trace: string;
  ingestIntervalMs?: number;
}): TestWorker {
  const config = parseConfig(workerEnv, {
    ...options.env,
    LOG_LEVEL: 'silent',
    DEEZER_DOWNLOAD_COMMAND: JSON.stringify([
      'bash',
      fakeDownloader(options.downloader),
      '{url}',
      '{outdir}',
      '{bitrate}',
      '{configdir}',
      options.trace,
      '386',
      'mp3',
    ]),
  });
  const log = createLogger(config, 'worker');
  const acquisition: AcquisitionSettings = {
    command: config.DEEZER_DOWNLOAD_COMMAND ?? null,
    timeoutMs: config.DEEZER_DOWNLOAD_TIMEOUT_SECONDS * 1000,
    bitrate: config.DEEZER_DOWNLOAD_BITRATE,
    requestLibraryDir: config.REQUEST_LIBRARY_DIR ?? null,
    requestPlaylist: config.AZURACAST_REQUEST_PLAYLIST,
  };
  const worker = startWorker({
    db: options.db,
    redisUrl: config.REDIS_URL,
    log,
    createSource: createAzuraCastSource,
    ingestIntervalMs: options.ingestIntervalMs ?? config.INGEST_INTERVAL_SECONDS * 1000,
    libraryScanIntervalMs: config.LIBRARY_SCAN_MINUTES * 60_000,
    acquisition,
  });
  return { worker, config, acquisition, log };
}
