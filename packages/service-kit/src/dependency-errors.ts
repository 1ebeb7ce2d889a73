import { HttpError } from './errors.ts';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'De dienst is tijdelijk niet beschikbaar. Probeer het over een minuut opnieuw.';
const SERVICE_UNAVAILABLE_RETRY_SECONDS = 60;

/** 503 with Retry-After: Postgres or Redis cannot be reached right now. */
export const serviceUnavailable = (): HttpError =>
  new HttpError(503, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, {
    'retry-after': String(SERVICE_UNAVAILABLE_RETRY_SECONDS),
  });

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** Postgres SQLSTATE classes of a lost or refused server: 08 connection, 57P shutdown, 53 resources. */
const unavailableSqlState = /^(08|57P|53)/;

const postgresMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];
const redisMessages =
  /Connection is closed|Command timed out|Stream isn't writeable|max retries per request/;

/** Redis answers that mean "not now" rather than "wrong call". */
const redisUnavailableReply = /^(OOM|LOADING|READONLY|MASTERDOWN|BUSY|TRYAGAIN)\b/;

/** Which dependency an error says is unreachable, or null when it is some other failure. */
export function dependencyFailure(error: unknown): 'postgres' | 'redis' | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof AggregateError) {
    const inner = error.errors.map(dependencyFailure).find((kind) => kind !== null);
    if (inner) return inner;
  }
  const { code } = error as { code?: unknown };
  const name = error.name;
  if (name === 'MaxRetriesPerRequestError' || name === 'ReplyError') {
    return name === 'ReplyError' && !redisUnavailableReply.test(error.message) ? null : 'redis';
  }
  if (error instanceof DependencyUnavailableError) return error.dependency;
  const message = error.message;
  if (redisMessages.test(message)) return 'redis';
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableSqlState.test(code))) {
    return 'postgres';
  }
  if (postgresMessages.some((text) => message.includes(text))) return 'postgres';
  return null;
}

/** Thrown before a call that cannot succeed (e.g. Redis is reconnecting), to answer at once. */
export class DependencyUnavailableError extends Error {
  readonly dependency: 'postgres' | 'redis';

  constructor(dependency: 'postgres' | 'redis') {
    super(`${dependency} is unavailable`);
    this.name = 'DependencyUnavailableError';
    this.dependency = dependency;
  }
}

interface RedisStatus {
  status: string;
}

/**
 * Fails at once while the Redis client is not connected, instead of queueing the command
 * until ioredis gives up on it (seconds).
 */
export function assertRedisReady(redis: RedisStatus): void {
  if (redis.status !== 'ready') throw new DependencyUnavailableError('redis');
}
