import type { FastifyBaseLogger } from 'fastify';
import type { ServiceApp } from './create-service.ts';
import { startMetricsServer, type MetricsServer } from './metrics.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Runs `close` once on SIGTERM or SIGINT, then exits; exits with 1 if it hangs or fails. */
export function onShutdownSignal(logger: FastifyBaseLogger, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** The entry point of an HTTP service: listen on HOST:PORT (and METRICS_PORT), stop gracefully. */
export async function runService(app: ServiceApp): Promise<void> {
  let metrics: MetricsServer | null = null;
  onShutdownSignal(app.log, async () => {
    await metrics?.close();
    await app.close();
  });
  await app.listen({ host: app.config.HOST, port: app.config.PORT });
  if (app.config.METRICS_PORT !== undefined) {
    metrics = await startMetricsServer(app.metrics, {
      host: app.config.METRICS_HOST,
      port: app.config.METRICS_PORT,
      log: app.log,
    });
  }
}
