import { createDb } from '@radio/db';
import { createLogger, loadConfig, onShutdownSignal } from '@radio/service-kit';
import { createAzuraCastSource } from '@radio/station';
import { workerEnv } from './config.ts';
import { startWorker } from './worker.ts';

const config = loadConfig(workerEnv);
const log = createLogger(config, 'worker');
const db = createDb(config.DATABASE_URL);
const worker = startWorker({
  db,
  redisUrl: config.REDIS_URL,
  log,
  createSource: createAzuraCastSource,
  ingestIntervalMs: config.INGEST_INTERVAL_SECONDS * 1000,
  libraryScanIntervalMs: config.LIBRARY_SCAN_MINUTES * 60_000,
  heartbeatFile: config.WORKER_HEARTBEAT_FILE,
});
onShutdownSignal(log, async () => {
  await worker.close();
  await db.destroy();
});
