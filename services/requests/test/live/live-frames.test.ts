import { describe, expect, it } from 'vitest';
import {
  eventFrame,
  helloFrame,
  jitter,
  parseEventId,
  retryFrame,
} from '../../src/live/live-frames.ts';

describe('live frames', () => {
  it('formats an event with its id, and hello without one', () => {
    expect(eventFrame('settings', { a: 'x\ny' }, 42)).toBe(
      'id: 42\nevent: settings\ndata: {"a":"x\\ny"}\n\n',
    );
    expect(helloFrame({ serverTime: 1, resync: true })).toBe(
      'event: hello\ndata: {"serverTime":1,"resync":true}\n\n',
    );
    expect(retryFrame(3000.4)).toBe('retry: 3000\n\n');
  });

  it('spreads retries within the bounds', () => {
    expect(jitter(2000, 5000, () => 0)).toBe(2000);
    expect(jitter(2000, 5000, () => 1)).toBe(5000);
    expect(jitter(2000, 5000, () => 0.5)).toBe(3500);
  });

  it('reads a decimal event id, anything else as none', () => {
    expect(parseEventId('17')).toBe(17);
    expect(parseEventId(' 0 ')).toBe(0);
    for (const value of [undefined, '', '-1', '1.5', 'abc', '1e3', '9'.repeat(16)]) {
      expect(parseEventId(value)).toBeNull();
    }
  });
});
