import { describe, expect, it } from 'vitest';
import { fairIndex } from '../../src/queue/automation-queue.ts';

type Entry = {
  kind: 'request' | 'voice_message' | 'manual';
  requestId: number | null;
  userId: number | null;
};
const request = (requestId: number, userId: number): Entry => ({
  kind: 'request',
  requestId,
  userId,
});

describe('fair placement', () => {
  it('puts a newcomer’s first request before anyone’s second', () => {
    const queue = [request(1, 7), request(2, 7), request(3, 7)];
    expect(fairIndex(queue, { id: 4, userId: 8 })).toBe(1);
  });

  it('puts a second request after every first one', () => {
    const queue = [request(1, 7), request(2, 8), request(3, 7)];
    expect(fairIndex(queue, { id: 4, userId: 8 })).toBe(3);
    expect(fairIndex(queue, { id: 5, userId: 9 })).toBe(2);
  });

  it('goes before a voice message with its song, never between them, and never before manual entries', () => {
    const queue: Entry[] = [
      { kind: 'manual', requestId: null, userId: null },
      request(1, 7),
      { kind: 'voice_message', requestId: 2, userId: 7 },
      request(2, 7),
    ];
    expect(fairIndex(queue, { id: 3, userId: 8 })).toBe(2);
  });

  it('appends to an empty queue', () => {
    expect(fairIndex([], { id: 1, userId: 1 })).toBe(0);
  });
});
