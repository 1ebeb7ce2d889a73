import { createDb } from '@radio/db';
import { createLogger, loadConfig, onShutdownSignal } from '@radio/service-kit';
import { workerEnv } from './config.ts';
import { startWorker } from './worker.ts';

const config = loadConfig(workerEnv);
const log = createLogger(config, 'worker');
const db = createDb(config.DATABASE_URL);
const worker = await startWorker({ db, redisUrl: config.REDIS_URL, log });
onShutdownSignal(log, async () => {
  await worker.close();
  await db.destroy();
});
