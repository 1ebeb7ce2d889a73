import { describe, expect, it } from 'vitest';
import { LiveBuffer, type BufferedEvent } from '../../src/live/live-buffer.ts';

const event = (
  id: number,
  type: BufferedEvent['type'] = 'settings',
  user: number | null = null,
): BufferedEvent => ({ id, type, user, frame: `frame ${id}` });

describe('LiveBuffer', () => {
  it('knows no id before it is subscribed', () => {
    const buffer = new LiveBuffer();
    buffer.add(event(1));
    expect(buffer.since(0, null)).toBeNull();
    expect(buffer.since(1, null)).toBeNull();
  });

  it('replays the events after a known id, the same type collapsed to its last', () => {
    const buffer = new LiveBuffer();
    buffer.subscribedAt(10);
    buffer.add(event(11, 'now-playing'));
    buffer.add(event(12, 'settings'));
    buffer.add(event(13, 'now-playing'));
    expect(buffer.latest).toBe(13);
    expect(buffer.since(10, null)?.map((e) => e.id)).toEqual([12, 13]);
    expect(buffer.since(12, null)?.map((e) => e.id)).toEqual([13]);
    expect(buffer.since(13, null)).toEqual([]);
  });

  it('treats ids before the subscription, after the newest, or evicted as unknown', () => {
    const buffer = new LiveBuffer(2);
    buffer.subscribedAt(10);
    expect(buffer.since(9, null)).toBeNull();
    expect(buffer.since(10, null)).toEqual([]);
    expect(buffer.since(11, null)).toBeNull();
    buffer.add(event(11));
    buffer.add(event(12, 'now-playing'));
    buffer.add(event(13));
    // 11 was evicted: a page that had 10 missed it.
    expect(buffer.since(10, null)).toBeNull();
    expect(buffer.since(11, null)?.map((e) => e.id)).toEqual([12, 13]);
  });

  it("gives a listener's events to that listener only", () => {
    const buffer = new LiveBuffer();
    buffer.subscribedAt(0);
    buffer.add(event(1, 'settings', 7));
    buffer.add(event(2, 'settings', 8));
    buffer.add(event(3, 'now-playing'));
    expect(buffer.since(0, 7)?.map((e) => e.id)).toEqual([1, 3]);
    expect(buffer.since(0, null)?.map((e) => e.id)).toEqual([3]);
  });

  it("collapses a listener's request events per request, not per type", () => {
    const buffer = new LiveBuffer();
    buffer.subscribedAt(0);
    const request = (id: number, requestId: number): BufferedEvent => ({
      ...event(id, 'my-request', 7),
      subject: requestId,
    });
    buffer.add(request(1, 40));
    buffer.add(request(2, 41));
    buffer.add(request(3, 40));
    expect(buffer.since(0, 7)?.map((e) => e.id)).toEqual([2, 3]);
  });

  it('forgets everything on clear (a reconnect may have lost events)', () => {
    const buffer = new LiveBuffer();
    buffer.subscribedAt(5);
    buffer.add(event(6));
    buffer.clear();
    expect(buffer.latest).toBeNull();
    expect(buffer.since(6, null)).toBeNull();
    buffer.subscribedAt(9);
    expect(buffer.since(6, null)).toBeNull();
    expect(buffer.since(9, null)).toEqual([]);
  });
});
