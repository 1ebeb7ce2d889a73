import type { FastifyBaseLogger } from 'fastify';

type Level = 'error' | 'warn' | 'info';

/** At most this many kinds are tracked at once, so odd inputs cannot grow the map. */
const MAX_KINDS = 200;

interface Interval {
  suppressed: number;
  timer: NodeJS.Timeout;
}

/**
 * One log line per kind of failure per interval: the first occurrence is logged as it is, the
 * rest are counted and summed up in one line ("N more in the last 60 s") when the interval
 * ends. During an outage every request fails the same way; this keeps that to a line a minute.
 */
export class LogLimiter {
  readonly #intervalMs: number;
  readonly #intervals = new Map<string, Interval>();

  constructor(intervalMs = 60_000) {
    this.#intervalMs = intervalMs;
  }

  log(
    logger: FastifyBaseLogger,
    level: Level,
    kind: string,
    details: Record<string, unknown>,
    message: string,
  ): void {
    const current = this.#intervals.get(kind);
    if (current) {
      current.suppressed += 1;
      return;
    }
    if (this.#intervals.size >= MAX_KINDS) return;
    logger[level]({ ...details, kind }, message);
    const timer = setTimeout(() => {
      const ended = this.#intervals.get(kind);
      this.#intervals.delete(kind);
      if (ended && ended.suppressed > 0) {
        const seconds = Math.round(this.#intervalMs / 1000);
        logger[level](
          { kind, suppressed: ended.suppressed },
          `${message}: ${ended.suppressed} more in the last ${seconds} s`,
        );
      }
    }, this.#intervalMs);
    timer.unref();
    this.#intervals.set(kind, { suppressed: 0, timer });
  }

  /** Drops pending summaries (on shutdown). */
  clear(): void {
    for (const { timer } of this.#intervals.values()) clearTimeout(timer);
    this.#intervals.clear();
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
