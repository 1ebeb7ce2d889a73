import { describe, expect, it } from 'vitest';
import {
  fairIndex,
  insertEntry,
  MAX_POSITION,
  moveEntry,
  placeRequests,
  placesOf,
  POSITION_GAP,
  requestEntries,
  type UnplacedEntry,
  type WaitingSlot,
} from '../../src/queue/placement.ts';

type Waiting = WaitingSlot & { id: string };

let nextId = 0;
/** Waiting entries in playing order, positions spaced as the queue writes them. */
function queue(...entries: Omit<Waiting, 'id' | 'position' | 'duration'>[]): Waiting[] {
  return entries.map((entry, index) => ({
    ...entry,
    id: String((nextId += 1)),
    position: (index + 1) * POSITION_GAP,
    duration: 200,
  }));
}
const request = (requestId: number, userId: number | null) => ({
  kind: 'request' as const,
  requestId,
  userId,
});
const voice = (requestId: number, userId: number | null) => ({
  kind: 'voice_message' as const,
  requestId,
  userId,
});
const manual = () => ({ kind: 'manual' as const, requestId: null, userId: null });

const song = (requestId: number): UnplacedEntry => ({
  machine: 1,
  kind: 'request',
  requestId,
  title: `Nummer ${requestId}`,
  artist: 'Artiest',
  uri: `/srv/bibliotheek/${requestId}.mp3`,
  duration: 180,
});
/** A request's voice message and song. */
const withVoice = (requestId: number): UnplacedEntry[] =>
  requestEntries(
    { id: requestId, title: `Nummer ${requestId}`, artist: 'Artiest', duration: 180 },
    1,
    {
      song: `/srv/bibliotheek/${requestId}.mp3`,
      voiceMessage: `/files/voice-messages/${requestId}.webm`,
    },
  );
const jingle: UnplacedEntry = {
  machine: 1,
  kind: 'manual',
  requestId: null,
  title: 'Station-ID',
  artist: 'Radio Lokaal',
  uri: '/srv/bibliotheek/Jingles/id.mp3',
  duration: 10,
};

/** The order of a list of entries as `request`, `voice:request` and `manual`. */
const order = (entries: readonly Pick<WaitingSlot, 'kind' | 'requestId'>[]) =>
  entries.map((entry) =>
    entry.kind === 'manual'
      ? 'manual'
      : `${entry.kind === 'voice_message' ? 'voice:' : ''}${entry.requestId}`,
  );

/** The waiting entries in the order of the new positions moveEntry answered. */
function reordered(waiting: Waiting[], positions: { id: string; position: number }[]): Waiting[] {
  const byId = new Map(waiting.map((entry) => [entry.id, entry]));
  return [...positions].sort((a, b) => a.position - b.position).map((entry) => byId.get(entry.id)!);
}

describe('fair placement of a request', () => {
  it('puts a newcomer’s first request before anyone’s second', () => {
    const waiting = queue(request(1, 7), request(2, 7), request(3, 7));
    expect(fairIndex(waiting, { id: 4, userId: 8 })).toBe(1);
  });

  it('puts a second request after every first one, and a first one after the other firsts', () => {
    const waiting = queue(request(1, 7), request(2, 8), request(3, 7));
    expect(fairIndex(waiting, { id: 4, userId: 8 })).toBe(3);
    expect(fairIndex(waiting, { id: 5, userId: 9 })).toBe(2);
  });

  it('goes before a voice message with its song, never between them', () => {
    const waiting = queue(request(1, 7), voice(2, 7), request(2, 7));
    expect(fairIndex(waiting, { id: 3, userId: 8 })).toBe(1);
  });

  it('never goes in right before a manual entry: what an admin put before a later round stays before it', () => {
    const waiting = queue(manual(), request(1, 7), manual(), request(2, 7));
    expect(fairIndex(waiting, { id: 3, userId: 8 })).toBe(3);
  });

  it('counts each request of a deleted user (no user) as its own requester', () => {
    const waiting = queue(request(1, null), request(2, null), request(3, 7), request(4, 7));
    expect(fairIndex(waiting, { id: 5, userId: null })).toBe(3);
  });

  it('appends to an empty queue, and after everyone when no later round waits', () => {
    expect(fairIndex([], { id: 1, userId: 1 })).toBe(0);
    expect(fairIndex(queue(request(1, 7), manual()), { id: 2, userId: 8 })).toBe(2);
  });

  it('places requests oldest first, each after those placed before it in its round', () => {
    const waiting = queue(request(1, 7), request(2, 7));
    const plan = placeRequests(waiting, [
      { id: 3, userId: 8, entries: [song(3)] },
      { id: 5, userId: 9, entries: withVoice(5) },
    ]);
    // Round 1: 7, 8, 9 (with its voice message); round 2: 7.
    expect(order(plan.slots)).toEqual(['1', '3', 'voice:5', '5', '2']);
  });

  it('counts the requests placed together in their requesters’ rounds', () => {
    // A switch back to nonstop places every approved request at once.
    const plan = placeRequests(
      [],
      [
        { id: 1, userId: 7, entries: [song(1)] },
        { id: 2, userId: 7, entries: [song(2)] },
        { id: 3, userId: 7, entries: [song(3)] },
        { id: 4, userId: 8, entries: [song(4)] },
        { id: 5, userId: 8, entries: [song(5)] },
      ],
    );
    expect(order(plan.slots)).toEqual(['1', '4', '2', '5', '3']);
  });
});

describe("a request's entries", () => {
  const asked = { id: 5, title: 'Tegenwind', artist: 'Femke de Wit', duration: 215 };

  it('are its song alone without a voice message', () => {
    expect(requestEntries(asked, 1, { song: '/a.mp3', voiceMessage: null })).toEqual([
      {
        machine: 1,
        kind: 'request',
        requestId: 5,
        title: 'Tegenwind',
        artist: 'Femke de Wit',
        uri: '/a.mp3',
        duration: 215,
      },
    ]);
  });

  it('put its voice message right before its song', () => {
    const [voiceMessage, songEntry] = requestEntries(asked, 2, {
      song: '/a.mp3',
      voiceMessage: 'https://radio.test/files/v.webm?signature=x',
    });
    expect(voiceMessage).toEqual({
      machine: 2,
      kind: 'voice_message',
      requestId: 5,
      title: 'Spraakbericht bij Tegenwind',
      artist: '',
      uri: 'https://radio.test/files/v.webm?signature=x',
      duration: 0,
    });
    expect(songEntry).toMatchObject({ kind: 'request', requestId: 5, uri: '/a.mp3' });
  });
});

describe('positions of placed entries', () => {
  it('go between their neighbours, changing no other entry', () => {
    const waiting = queue(request(1, 7), request(2, 7));
    const plan = placeRequests(waiting, [{ id: 3, userId: 8, entries: withVoice(3) }]);
    const { positions, inserts } = plan.writes();
    expect(positions).toEqual([]);
    const [first, second] = inserts.map((entry) => entry.position);
    expect(inserts.map((entry) => entry.kind)).toEqual(['voice_message', 'request']);
    expect(POSITION_GAP).toBeLessThan(first!);
    expect(first!).toBeLessThan(second!);
    expect(second!).toBeLessThan(2 * POSITION_GAP);
  });

  it('go after the last one at the end, and before the first one at the front', () => {
    expect(placeRequests([], [{ id: 1, userId: 7, entries: [song(1)] }]).writes()).toEqual({
      positions: [],
      inserts: [{ ...song(1), position: POSITION_GAP }],
    });
    const front = insertEntry(queue(request(1, 7)), 1, jingle)!.writes();
    expect(front.positions).toEqual([]);
    expect(front.inserts[0]!.position).toBeLessThan(POSITION_GAP);
  });

  it('space every waiting entry out again once a gap is used up', () => {
    const waiting = queue(request(1, 7), request(2, 7));
    waiting[1]!.position = waiting[0]!.position + 1;
    const { positions, inserts } = insertEntry(waiting, 2, jingle)!.writes();
    expect(positions).toEqual([
      { id: waiting[0]!.id, position: POSITION_GAP },
      { id: waiting[1]!.id, position: 2 * POSITION_GAP },
    ]);
    expect(inserts).toEqual([{ ...jingle, position: POSITION_GAP + POSITION_GAP / 2 }]);
  });

  it('space out again from the start before they could overflow', () => {
    const waiting = queue(request(1, 7));
    waiting[0]!.position = MAX_POSITION - 10;
    const { positions, inserts } = placeRequests(waiting, [
      { id: 2, userId: 8, entries: [song(2)] },
    ]).writes();
    expect(positions).toEqual([{ id: waiting[0]!.id, position: POSITION_GAP }]);
    expect(inserts[0]!.position).toBe(2 * POSITION_GAP);
  });
});

describe("the admin's move", () => {
  it('moves an entry up or down, spacing every waiting entry out again', () => {
    const waiting = queue(manual(), request(1, 7), request(2, 8), request(3, 9));
    const up = moveEntry(waiting, 4, 2)!;
    expect(order(reordered(waiting, up))).toEqual(['manual', '3', '1', '2']);
    expect(up.map((entry) => entry.position).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4].map((n) => n * POSITION_GAP),
    );
    expect(order(reordered(waiting, moveEntry(waiting, 1, 4)!))).toEqual(['1', '2', '3', 'manual']);
  });

  it('moves a request with its voice message, which stays right before its song', () => {
    const waiting = queue(manual(), manual(), voice(5, 7), request(5, 7));
    expect(order(reordered(waiting, moveEntry(waiting, 4, 1)!))).toEqual([
      'voice:5',
      '5',
      'manual',
      'manual',
    ]);
    expect(order(reordered(waiting, moveEntry(waiting, 3, 1)!))).toEqual([
      'voice:5',
      '5',
      'manual',
      'manual',
    ]);
  });

  it('never drops an entry between a voice message and its song', () => {
    const waiting = queue(voice(5, 7), request(5, 7), request(1, 8), request(2, 9));
    // Up: before the pair.
    expect(order(reordered(waiting, moveEntry(waiting, 4, 2)!))).toEqual([
      '2',
      'voice:5',
      '5',
      '1',
    ]);
    // Down: after the pair.
    const down = queue(request(1, 8), voice(5, 7), request(5, 7), request(2, 9));
    expect(order(reordered(down, moveEntry(down, 1, 2)!))).toEqual(['voice:5', '5', '1', '2']);
  });

  it('changes nothing for a move to the same position', () => {
    expect(moveEntry(queue(request(1, 7), request(2, 8)), 2, 2)).toEqual([]);
  });

  it('refuses positions out of range', () => {
    const waiting = queue(request(1, 7), request(2, 8));
    expect(moveEntry(waiting, 3, 1)).toBeNull();
    expect(moveEntry(waiting, 1, 3)).toBeNull();
  });
});

describe("the admin's insert", () => {
  it('puts the entry at the position, the end being count + 1', () => {
    const waiting = queue(request(1, 7), request(2, 8));
    expect(order(insertEntry(waiting, 2, jingle)!.slots)).toEqual(['1', 'manual', '2']);
    expect(order(insertEntry(waiting, 3, jingle)!.slots)).toEqual(['1', '2', 'manual']);
  });

  it('goes before a voice message and its song rather than between them', () => {
    const waiting = queue(request(1, 7), voice(5, 8), request(5, 8));
    expect(order(insertEntry(waiting, 3, jingle)!.slots)).toEqual(['1', 'manual', 'voice:5', '5']);
  });

  it('refuses a position past the end', () => {
    expect(insertEntry(queue(request(1, 7)), 3, jingle)).toBeNull();
  });
});

describe('where a request stands', () => {
  it('counts the entries before it (a voice message with its song once) and their seconds', () => {
    const entries = [
      { requestId: null, duration: 30 },
      { requestId: 5, duration: 0 },
      { requestId: 5, duration: 215 },
      { requestId: 6, duration: 180 },
    ];
    expect(placesOf(entries)).toEqual(
      new Map([
        [5, { before: 1, secondsBefore: 30, seconds: 215 }],
        [6, { before: 2, secondsBefore: 245, seconds: 180 }],
      ]),
    );
    expect([...placesOf(entries, new Set([6])).keys()]).toEqual([6]);
  });
});
