import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { createDb, type Db } from '@radio/db';
import { JobProducer } from '@radio/contracts/jobs-producer';
import { AdminAuditTrail } from './audit/admin-audit-trail.ts';
import { assertRedisReady, watchRedisStalls } from './dependency-errors.ts';
import { refuseCrossSiteRequests } from './access/same-origin.ts';
import { enforceRoutePolicy } from './access/route-policy.ts';
import type { ServiceConfig } from './config.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandlers } from './errors.ts';
import { LogLimiter } from './log-limiter.ts';
import { healthRoutes } from './health.ts';
import { createMetricsRegistry, recordHttpMetrics } from './metrics.ts';
import { createLogger } from './logger.ts';
import { openApiRoute, registerOpenApi } from './openapi.ts';
import { registerSessions } from './sessions/register-sessions.ts';
import './zod-locale.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    redis: Redis;
    config: ServiceConfig;
    /** One log line per kind of failure per minute (see LogLimiter). */
    logLimiter: LogLimiter;
    /** Only the auth service writes the `sessions` table; the others read it. */
    writesSessions: boolean;
    /** Hands each admin change to the audit log (see AdminAuditTrail). */
    adminAudit: AdminAuditTrail;
    /** Prometheus metrics of this process, served on METRICS_PORT by runService. */
    metrics: Registry;
  }
}

export type ServiceApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A plugin of routes whose schemas are zod schemas (typed request and reply). */
export type RoutePlugin = FastifyPluginAsyncZod;

export interface ServiceOptions {
  /** Short name: logs, OpenAPI title. */
  name: string;
  config: ServiceConfig;
  /**
   * Registers the service's routes (and whatever they need) once the kit's plugins are in
   * place. Each route declares `config.access` and a response schema.
   */
  routes: (app: ServiceApp) => Promise<void>;
  /**
   * The service that owns the `sessions` table (auth): it alone creates, refreshes (rolling) and
   * ends sessions. The others only read them and never send the cookie.
   */
  writesSessions?: boolean;
}

/**
 * A Redis call that gets no answer in this time fails (503) instead of holding the request;
 * short enough that a call sent just as Redis froze still gets its 503 within a second.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

function createRedis(url: string, logger: FastifyBaseLogger, limiter: LogLimiter): Redis {
  // Fail calls fast while Redis is away instead of queueing them for minutes.
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  redis.on('error', (error: Error) =>
    limiter.log(
      logger,
      'warn',
      'redis-connection',
      { error: error.message },
      'redis connection error',
    ),
  );
  return redis;
}

/** Builds a service the one way every service is built. Does not listen (see runService). */
export async function createService(options: ServiceOptions): Promise<ServiceApp> {
  const { config } = options;
  const logger: FastifyBaseLogger = createLogger(config, options.name);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.TRUSTED_PROXIES,
    requestIdHeader: 'x-request-id',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // One line per request (below) instead of Fastify's two multi-line ones.
    disableRequestLogging: true,
    // A request that reaches a stopping copy on a kept-open connection (the gateway's) is still
    // answered (with Connection: close; the database closes only after it), not refused with
    // Fastify's own English 503: stopping one of several copies costs no request.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const limiter = new LogLimiter();
  const metrics = createMetricsRegistry(options.name);
  app.decorate('metrics', metrics);
  recordHttpMetrics(app, metrics);
  app.addHook('onResponse', async (request, reply) => {
    // Outage answers are summed up by the log limiter instead.
    if (reply.statusCode === 503) return;
    request.log.info(
      {
        method: request.method,
        url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', createDb(config.DATABASE_URL));
  app.decorate('redis', createRedis(config.REDIS_URL, logger, limiter));
  app.decorate('logLimiter', limiter);
  app.decorate('writesSessions', options.writesSessions ?? false);
  app.decorateRequest('user', null);
  const auditJobs = new JobProducer(app.redis, (error) =>
    limiter.log(logger, 'warn', 'audit-queue', { error: error.message }, 'audit queue error'),
  );
  app.decorate(
    'adminAudit',
    new AdminAuditTrail(async (event) => {
      assertRedisReady(app.redis);
      await auditJobs.enqueue('record-admin-change', event);
    }),
  );
  const stopRedisWatch = watchRedisStalls(app.redis);
  const releaseConnections = async (): Promise<void> => {
    stopRedisWatch();
    // BullMQ's close never settles while Redis is down; shutdown does not wait for it.
    await Promise.race([auditJobs.close(), sleep(1_000, undefined, { ref: false })]);
    await app.db.destroy();
    app.redis.disconnect();
    limiter.clear();
  };
  app.addHook('onClose', releaseConnections);

  try {
    enforceRoutePolicy(app);
    installErrorHandlers(app, limiter);
    refuseCrossSiteRequests(app, config.PUBLIC_ORIGIN);
    await registerSessions(app, app.db, config.SESSION_SECRET, app.writesSessions);
    await registerOpenApi(app, options.name);
    await app.register(healthRoutes);
    await app.register(openApiRoute);
    await options.routes(app);
  } catch (error) {
    await releaseConnections();
    throw error;
  }
  return app;
}
