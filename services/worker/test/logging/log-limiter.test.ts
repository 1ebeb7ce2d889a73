import { describe, expect, it } from 'vitest';
import { failureKind, LogLimiter } from '../../src/logging/log-limiter.ts';
import { recordingLogger } from '../support/recording-logger.ts';

describe('LogLimiter', () => {
  it('logs each kind once per interval and says how many repeats it dropped', () => {
    const { log, lines } = recordingLogger();
    let clock = 0;
    const limited = new LogLimiter(log, 60_000, () => clock);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });

    for (let second = 0; second < 60; second += 1) {
      clock = second * 1000;
      limited.error(failureKind(refused), refused, 'job failed');
    }
    limited.warn('redis', new Error('kapot'), 'redis connection error');
    clock = 60_000;
    limited.error(failureKind(refused), refused, 'job failed');

    expect(lines.map(({ msg, dropped }) => [msg, dropped])).toEqual([
      ['job failed', 0],
      ['redis connection error', 0],
      ['job failed', 59],
    ]);
  });

  it('tells failures apart by code or class, not by their varying text', () => {
    const refused = (port: number) =>
      Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED' });
    expect(failureKind(refused(1))).toBe(failureKind(refused(2)));
    expect(failureKind(new TypeError('x'))).toBe('TypeError');
  });
});
