import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * A Prometheus registry for one process: the process defaults (CPU, memory, event loop lag, GC,
 * handles) with a `service` label on every series.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds; covers a cached now playing (~1 ms) up to a 50 MB upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Times every request the service answers, by method, route pattern (never the raw URL, so ids
 * and query strings do not make new series; unknown paths are `unmatched`) and status.
 */
export function recordHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // An event stream lasts as long as the page is open: not an answer time.
    if (String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text) on its own port, apart from the API: the gateway never
 * routes to it. A port that cannot be had is logged and the process runs on without metrics (an
 * operator's scrape failing is better than the site going down).
 */
export async function startMetricsServer(
  registry: Registry,
  options: { host: string; port: number; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
): Promise<MetricsServer | null> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.warn({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    options.log.error(
      { err: error, host: options.host, port: options.port },
      'metrics port unavailable: running without metrics',
    );
    return null;
  }
  const { port } = server.address() as AddressInfo;
  options.log.info({ host: options.host, port }, 'metrics at /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
