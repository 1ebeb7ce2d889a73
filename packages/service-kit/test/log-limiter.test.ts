import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LogLimiter } from '../src/log-limiter.ts';

function recordingLogger(): { logger: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (_details: unknown, message: string) => lines.push(message);
  const logger = { error: write, warn: write, info: write } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

afterEach(() => vi.useRealTimers());

describe('LogLimiter', () => {
  it('logs the first failure of a kind, then one summary line per interval', () => {
    vi.useFakeTimers();
    const { logger, lines } = recordingLogger();
    const limiter = new LogLimiter(60_000);
    for (let i = 0; i < 1_000; i += 1)
      limiter.log(logger, 'error', 'postgres', {}, 'postgres unavailable');
    limiter.log(logger, 'warn', 'redis', {}, 'redis unavailable');
    expect(lines).toEqual(['postgres unavailable', 'redis unavailable']);
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual([
      'postgres unavailable',
      'redis unavailable',
      'postgres unavailable: 999 more in the last 60 s',
    ]);
    limiter.log(logger, 'error', 'postgres', {}, 'postgres unavailable');
    expect(lines).toHaveLength(4);
  });
});
