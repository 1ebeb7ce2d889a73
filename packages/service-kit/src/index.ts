export {
  ConfigError,
  loadConfig,
  parseConfig,
  port,
  runtimeEnv,
  serviceEnv,
  timeZone,
  type RuntimeConfig,
  type ServiceConfig,
} from './config.ts';
export { createLogger } from './logger.ts';
export { HttpError } from './errors.ts';
export {
  assertRedisReady,
  dependencyFailure,
  DependencyUnavailableError,
  serviceUnavailable,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './dependency-errors.ts';
export { failureKind, LogLimiter } from './log-limiter.ts';
export {
  createService,
  type RoutePlugin,
  type ServiceApp,
  type ServiceOptions,
} from './create-service.ts';
export { onShutdownSignal, runService } from './run-service.ts';
export { OPENAPI_PATH } from './openapi.ts';
export {
  accountDeactivated,
  currentUser,
  optionalUser,
  requireAdmin,
  requireInternalToken,
  requireStationKey,
  requireUser,
  type Access,
} from './access/guards.ts';
export type { SessionUser } from './access/session-user-repository.ts';
export type { RouteEntry } from './access/route-policy.ts';
export { SESSION_COOKIE_NAME } from './sessions/session-options.ts';
export { endUserSession, startUserSession } from './sessions/user-session.ts';
export { AdminAuditTrail, changedFields, type AdminChange } from './audit/admin-audit-trail.ts';
export { withTimeout } from './with-timeout.ts';
export {
  createMetricsRegistry,
  recordHttpMetrics,
  startMetricsServer,
  type MetricsServer,
} from './metrics.ts';
// One prom-client for every process (the worker's own metrics use these).
export { Counter, Gauge, Histogram, type Registry } from 'prom-client';
export { LiveEventPublisher } from './live/live-event-publisher.ts';
