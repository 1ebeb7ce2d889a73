import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockEventSource } from '@/test/event-source-mock';
import { REOPEN_DELAYS_MS, connectLiveEvents, onLiveEvent } from './live-events';
import { serverNow } from './server-clock';
import { getLiveStatus } from './live-status';

describe('the live event stream', () => {
  let stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    // No jitter: each wait is exactly its step.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });

  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
    vi.useRealTimers();
  });

  function connect() {
    const streams = mockEventSource();
    stops.push(connectLiveEvents());
    return streams;
  }

  it('opens one stream on /api/events and hands each event its parsed data', () => {
    const streams = connect();
    const received: unknown[] = [];
    stops.push(onLiveEvent('settings', (data) => received.push(data)));
    stops.push(connectLiveEvents());

    expect(streams.opened.map((stream) => stream.url)).toEqual(['/api/events']);
    expect(getLiveStatus()).toBe('connecting');
    streams.latest().open();
    expect(getLiveStatus()).toBe('open');
    streams.latest().emit('settings', { isLive: true }, 3);
    expect(received).toEqual([{ isLive: true }]);
  });

  it('leaves a break the browser retries by itself to the browser', async () => {
    const streams = connect();
    streams.latest().open();

    streams.latest().fail();
    expect(getLiveStatus()).toBe('connecting');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(streams.opened).toHaveLength(1);
  });

  it('reopens a stream the browser gave up on, later each time, from the last event seen', async () => {
    const streams = connect();
    streams.latest().open();
    streams.latest().emit('now-playing', {}, 41);
    streams.latest().emit('settings', {}, 42);

    for (const delay of [...REOPEN_DELAYS_MS, 30_000]) {
      const before = streams.opened.length;
      streams.latest().fail({ hard: true });
      expect(getLiveStatus()).toBe('down');
      await act(() => vi.advanceTimersByTimeAsync(delay - 1));
      expect(streams.opened).toHaveLength(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(streams.opened).toHaveLength(before + 1);
      expect(streams.latest().url).toBe('/api/events?lastEventId=42');
      expect(getLiveStatus()).toBe('connecting');
    }

    // Once a stream opens again, the next break waits the first step again.
    streams.latest().open();
    streams.latest().fail({ hard: true });
    await act(() => vi.advanceTimersByTimeAsync(REOPEN_DELAYS_MS[0]));
    expect(streams.opened).toHaveLength(REOPEN_DELAYS_MS.length + 3);
  });

  it('spreads the waits, so pages that lost the stream together come back apart', async () => {
    const streams = connect();
    streams.latest().open();
    vi.spyOn(Math, 'random').mockReturnValue(0);

    streams.latest().fail({ hard: true });
    await act(() => vi.advanceTimersByTimeAsync(749));
    expect(streams.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(streams.opened).toHaveLength(2);
  });

  it('reopens at once when the browser is back online', async () => {
    const streams = connect();
    streams.latest().open();
    streams.latest().fail({ hard: true });

    act(() => void window.dispatchEvent(new Event('online')));
    expect(streams.opened).toHaveLength(2);
    // The pending backoff is dropped: no second stream when it would have run out.
    await act(() => vi.advanceTimersByTimeAsync(REOPEN_DELAYS_MS[0]));
    expect(streams.opened).toHaveLength(2);

    // An open stream is left alone.
    streams.latest().open();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(streams.opened).toHaveLength(2);
  });

  it('closes the stream when nothing uses it any more', () => {
    const streams = connect();
    stops.splice(0).forEach((stop) => stop());
    expect(streams.latest().readyState).toBe(EventSource.CLOSED);
  });

  it("tells the server's time from the hellos", () => {
    vi.setSystemTime(1_000_000);
    const streams = connect();
    streams.latest().open();
    for (const offset of [5_000, 4_000, 90_000]) {
      streams.latest().emit('hello', { serverTime: 1_000_000 + offset, resync: false });
    }
    expect(serverNow()).toBe(1_000_000 + 5_000);
  });
});
