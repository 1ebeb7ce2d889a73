import type { Logger } from 'pino';

/**
 * Logs the first line of each kind of failure per interval and drops the repeats, so an outage
 * of Postgres or Redis gives a line per kind a minute, not one per failing poll or reconnect.
 * The next line of that kind says how many were dropped.
 * TODO(lead): switch to the log limiter of @radio/service-kit once it is merged.
 */
export class LogLimiter {
  readonly #log: Logger;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #kinds = new Map<string, { until: number; dropped: number }>();

  constructor(log: Logger, intervalMs: number, now: () => number = Date.now) {
    this.#log = log;
    this.#intervalMs = intervalMs;
    this.#now = now;
  }

  warn(kind: string, error: unknown, message: string, fields: object = {}): void {
    const dropped = this.#admit(kind);
    if (dropped !== null) this.#log.warn({ ...fields, err: error, dropped }, message);
  }

  error(kind: string, error: unknown, message: string, fields: object = {}): void {
    const dropped = this.#admit(kind);
    if (dropped !== null) this.#log.error({ ...fields, err: error, dropped }, message);
  }

  /** Null: a repeat within the interval. Else how many repeats were dropped before this one. */
  #admit(kind: string): number | null {
    const now = this.#now();
    const seen = this.#kinds.get(kind);
    if (seen && now < seen.until) {
      seen.dropped += 1;
      return null;
    }
    this.#kinds.set(kind, { until: now + this.#intervalMs, dropped: 0 });
    return seen?.dropped ?? 0;
  }
}

/** What makes two failures the same kind: the error's code or class, never its varying text. */
export function failureKind(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return typeof error;
}
