import { setTimeout as sleep } from 'node:timers/promises';
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

/** Clients whose connection is open but whose Redis does not answer (see watchRedisStalls). */
const stalledClients = new WeakSet<RedisStatus>();

/**
 * Fails at once while the Redis client is not connected, or connected to a Redis that does not
 * answer, instead of sending the command and waiting for its timeout.
 */
export function assertRedisReady(redis: RedisStatus): void {
  if (redis.status !== 'ready' || stalledClients.has(redis)) {
    throw new DependencyUnavailableError('redis');
  }
}

const HEARTBEAT_MS = 250;
/**
 * Far above a healthy Redis's answer time, and above what a busy host costs it: on two loaded
 * cores Redis can be kept off the CPU for a few hundred ms (at 250 ms a fresh test run answered a
 * healthy upload with 503). Until a stall is marked, a call to a frozen Redis fails at the command
 * timeout (500 ms), so an outage is still answered within a second.
 */
const STALL_MS = 1_000;

/**
 * Pings Redis all the time. A frozen Redis (stopped process, stalled host) keeps its connections
 * open, so the client stays "ready" and every call would wait for its command timeout; once pings
 * go unanswered for STALL_MS (a ping that times out counts as unanswered), assertRedisReady fails
 * at once until a ping is answered. Returns the function that stops the watch.
 */
export function watchRedisStalls(redis: RedisStatus & { ping(): Promise<unknown> }): () => void {
  let stopped = false;
  /** When the oldest ping not answered since the last answer was sent; null: none is waiting. */
  let unansweredSince: number | null = null;
  // setImmediate runs after the poll phase: an answer that arrived while this process was busy
  // (a blocked event loop, not a frozen Redis) is read before the stall is judged.
  const judge = (): void => {
    setImmediate(() => {
      if (unansweredSince !== null && Date.now() - unansweredSince >= STALL_MS) {
        stalledClients.add(redis);
      }
    });
  };
  const watchdog = setInterval(judge, HEARTBEAT_MS).unref();
  const beat = async (): Promise<void> => {
    while (!stopped) {
      if (redis.status === 'ready') {
        unansweredSince ??= Date.now();
        try {
          await redis.ping();
          unansweredSince = null;
          stalledClients.delete(redis);
        } catch {
          // Not answered in time: the oldest unanswered ping keeps counting.
        }
      } else {
        // Not connected: assertRedisReady refuses by the client's status already.
        unansweredSince = null;
      }
      await sleep(HEARTBEAT_MS, undefined, { ref: false });
    }
  };
  void beat();
  return () => {
    stopped = true;
    clearInterval(watchdog);
    stalledClients.delete(redis);
  };
}
