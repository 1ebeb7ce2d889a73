import { randomBytes } from 'node:crypto';
import { createDb } from '@radio/db';
import {
  createLogger,
  createMetricsRegistry,
  loadConfig,
  onShutdownSignal,
  startMetricsServer,
  type MetricsServer,
} from '@radio/service-kit';
import { createAzuraCastSource } from '@radio/station';
import { createStorage } from '@radio/storage';
import { workerEnv } from './config.ts';
import { startWorker } from './worker.ts';

const config = loadConfig(workerEnv);
const log = createLogger(config, 'worker');
const db = createDb(config.DATABASE_URL);
const metrics = createMetricsRegistry('worker');
const worker = startWorker({
  db,
  redisUrl: config.REDIS_URL,
  log,
  createSource: createAzuraCastSource,
  ingestIntervalMs: config.INGEST_INTERVAL_SECONDS * 1000,
  stationName: config.STATION_NAME,
  libraryScanIntervalMs: config.LIBRARY_SCAN_MINUTES * 60_000,
  heartbeatFile: config.WORKER_HEARTBEAT_FILE,
  acquisition: {
    command: config.DEEZER_DOWNLOAD_COMMAND ?? null,
    timeoutMs: config.DEEZER_DOWNLOAD_TIMEOUT_SECONDS * 1000,
    bitrate: config.DEEZER_DOWNLOAD_BITRATE,
    requestLibraryDir: config.REQUEST_LIBRARY_DIR ?? null,
    requestPlaylist: config.AZURACAST_REQUEST_PLAYLIST,
  },
  libraryDir: config.LIBRARY_DIR ?? null,
  metrics,
  // The worker only reads and deletes objects: it never hands out signed links.
  storage: createStorage(config, {
    urlPrefix: '/files',
    signingSecret: randomBytes(32).toString('hex'),
  }),
});
let metricsServer: MetricsServer | null = null;
onShutdownSignal(log, async () => {
  await metricsServer?.close();
  await worker.close();
  await db.destroy();
});
if (config.METRICS_PORT !== undefined) {
  metricsServer = await startMetricsServer(metrics, {
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    log,
  });
}
