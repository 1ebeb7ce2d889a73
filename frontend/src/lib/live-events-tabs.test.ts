import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEventSource } from '@/test/event-source-mock';
import type * as LiveEventsModule from './live-events';
import type * as LiveStatusModule from './live-status';

type LiveEvents = typeof LiveEventsModule;
type LiveStatus = typeof LiveStatusModule;

/** Web Locks in one process: exclusive locks by name, granted in the order asked. */
function fakeLocks() {
  const held = new Map<string, { waiting: (() => void)[] }>();
  return {
    request(
      name: string,
      options: { signal?: AbortSignal },
      callback: () => Promise<void>,
    ): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const run = () => {
          void callback().finally(() => {
            resolve();
            const lock = held.get(name)!;
            const next = lock.waiting.shift();
            if (next) next();
            else held.delete(name);
          });
        };
        const lock = held.get(name);
        if (!lock) {
          held.set(name, { waiting: [] });
          run();
          return;
        }
        lock.waiting.push(run);
        options.signal?.addEventListener('abort', () => {
          lock.waiting = lock.waiting.filter((waiting) => waiting !== run);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

/** A tab: its own copy of the modules (their state is per page), sharing the browser's globals. */
async function openTab() {
  vi.resetModules();
  const events: LiveEvents = await import('./live-events');
  const status: LiveStatus = await import('./live-status');
  return { ...events, ...status };
}

describe('the live event stream shared by the tabs of the site', () => {
  let stops: (() => void)[] = [];

  beforeEach(() => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: fakeLocks() }));
  });

  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
  });

  it('opens one stream for two tabs and relays its events and status to the other', async () => {
    const streams = mockEventSource();
    const first = await openTab();
    stops.push(first.connectLiveEvents('user-1'));
    const second = await openTab();
    const received: unknown[] = [];
    stops.push(second.onLiveEvent('settings', (data) => received.push(data)));
    stops.push(second.connectLiveEvents('user-1'));

    expect(streams.opened.map((stream) => stream.url)).toEqual(['/api/events']);
    streams.latest().open();
    await vi.waitFor(() => expect(second.getLiveStatus()).toBe('open'));
    // The second tab's type reached the leader before this event.
    await vi.waitFor(() => {
      streams.latest().emit('settings', { isLive: true }, 7);
      expect(received).toContainEqual({ isLive: true });
    });
  });

  it('hands the stream to the next tab when the one holding it goes, from the last event seen', async () => {
    const streams = mockEventSource();
    const first = await openTab();
    const stopFirst = first.connectLiveEvents('user-1');
    const second = await openTab();
    const received: unknown[] = [];
    stops.push(second.onLiveEvent('now-playing', (data) => received.push(data)));
    stops.push(second.connectLiveEvents('user-1'));
    streams.latest().open();
    await vi.waitFor(() => {
      streams.latest().emit('now-playing', { n: 1 }, 41);
      expect(received).toHaveLength(1);
    });

    stopFirst();
    await vi.waitFor(() => expect(streams.opened).toHaveLength(2));
    expect(streams.opened[0]!.readyState).toBe(EventSource.CLOSED);
    expect(streams.latest().url).toBe('/api/events?lastEventId=41');
  });

  it('gives a tab that joins late a resync hello and the latest now playing', async () => {
    const streams = mockEventSource();
    const first = await openTab();
    stops.push(first.connectLiveEvents('guest'));
    streams.latest().open();
    streams.latest().emit('hello', { serverTime: Date.now(), resync: true });
    streams.latest().emit('now-playing', { song: 'Zoutelande' }, 3);

    const second = await openTab();
    const hellos: unknown[] = [];
    const songs: unknown[] = [];
    stops.push(second.onLiveEvent('hello', (data) => hellos.push(data)));
    stops.push(second.onLiveEvent('now-playing', (data) => songs.push(data)));
    stops.push(second.connectLiveEvents('guest'));

    await vi.waitFor(() => expect(songs).toEqual([{ song: 'Zoutelande' }]));
    expect(hellos).toEqual([expect.objectContaining({ resync: true })]);
    expect(second.getLiveStatus()).toBe('open');
    expect(streams.opened).toHaveLength(1);
  });

  it('lets go of the stream when the page goes into the back/forward cache, and opens it when shown', async () => {
    const streams = mockEventSource();
    const tab = await openTab();
    stops.push(tab.connectLiveEvents('guest'));
    streams.latest().open();

    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(streams.latest().readyState).toBe(EventSource.CLOSED);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.waitFor(() => expect(streams.opened).toHaveLength(2));
  });
});
