/**
 * Where entries go in the automation queue, as pure functions of the waiting entries (in playing
 * order, handed-out entries excluded): the fair placement of requests, a voice message right
 * before its song, and the admin's moves and inserts. Nothing here reads the database or a clock;
 * AutomationQueue reads the queue under the machine's lock and writes what these answer.
 */
import type { NewQueueEntry, PlacedEntry } from './automation-queue-repository.ts';

/** A waiting entry as placement sees it; `id` is null for an entry not written yet. */
export type WaitingSlot = Omit<PlacedEntry, 'id' | 'handedOut'> & { id: string | null };

/** An entry to write, without its position (placement gives it one). */
export type UnplacedEntry = Omit<NewQueueEntry, 'position'>;

/** An approved request to place: who asked, and its entries in playing order. */
export interface RequestToPlace {
  id: number;
  userId: number | null;
  entries: UnplacedEntry[];
}

/** The writes a placement needs: new positions of waiting entries (when respaced) and inserts. */
export interface PlacementWrites {
  positions: { id: string; position: number }[];
  inserts: NewQueueEntry[];
}

// --- Fair placement of requests --------------------------------------------------------------

/**
 * Where a request goes among the waiting entries (an index into them): before the first entry of
 * a later round than the requester's, where a requester's round is how many of their requests
 * are already waiting. A voice message belongs to the song after it; a manual entry has no round,
 * so a request never goes in right before one (what an admin put before a later round stays
 * before it). Requests of a deleted user count as their own requester each.
 */
export function fairIndex(
  waiting: readonly Pick<WaitingSlot, 'kind' | 'requestId' | 'userId'>[],
  request: Pick<RequestToPlace, 'id' | 'userId'>,
): number {
  const requester = (entry: { userId: number | null; requestId: number | null }) =>
    entry.userId === null ? `request:${entry.requestId}` : `user:${entry.userId}`;
  const counts = new Map<string, number>();
  const roundOfRequest = new Map<number, number>();
  for (const entry of waiting) {
    if (entry.kind !== 'request' || entry.requestId === null) continue;
    const key = requester(entry);
    const round = counts.get(key) ?? 0;
    counts.set(key, round + 1);
    roundOfRequest.set(entry.requestId, round);
  }
  const myRound = counts.get(requester({ userId: request.userId, requestId: request.id })) ?? 0;
  const index = waiting.findIndex(
    (entry) =>
      entry.kind !== 'manual' &&
      entry.requestId !== null &&
      (roundOfRequest.get(entry.requestId) ?? 0) > myRound,
  );
  return index === -1 ? waiting.length : index;
}

/**
 * Places the requests, oldest first, each fairly among the waiting entries and the requests
 * placed before it, its entries (a voice message, then its song) together.
 */
export function placeRequests(
  waiting: readonly WaitingSlot[],
  requests: readonly RequestToPlace[],
): QueuePlan {
  const plan = new QueuePlan(waiting);
  for (const request of requests) {
    plan.add(fairIndex(plan.slots, request), request.entries, request.userId);
  }
  return plan;
}

/** A request's entries: its voice message (if any) right before its song. */
export function requestEntries(
  request: { id: number; title: string; artist: string; duration: number },
  machine: number,
  uris: { song: string; voiceMessage: string | null },
): UnplacedEntry[] {
  const song: UnplacedEntry = {
    machine,
    kind: 'request',
    requestId: request.id,
    title: request.title,
    artist: request.artist,
    uri: uris.song,
    duration: request.duration,
  };
  if (uris.voiceMessage === null) return [song];
  const voiceMessage: UnplacedEntry = {
    machine,
    kind: 'voice_message',
    requestId: request.id,
    title: `Spraakbericht bij ${request.title}`,
    artist: '',
    uri: uris.voiceMessage,
    duration: 0,
  };
  return [voiceMessage, song];
}

// --- The admin's moves and inserts -------------------------------------------------------------

/**
 * The admin's move of the entry at 1-based `fromPosition` of the waiting ones to `toPosition`: a
 * request's voice message and song move together, the moved one as close to `toPosition` as that
 * allows, and never between another request's voice message and its song. Answers the new
 * positions of all waiting entries (none when nothing moves), or null when a position is out of
 * range.
 */
export function moveEntry<Slot extends WaitingSlot & { id: string }>(
  waiting: readonly Slot[],
  fromPosition: number,
  toPosition: number,
): { id: string; position: number }[] | null {
  const moving = waiting[fromPosition - 1];
  if (!moving || toPosition > waiting.length) return null;
  if (fromPosition === toPosition) return [];
  const group = waiting.filter((entry) =>
    moving.requestId === null ? entry.id === moving.id : entry.requestId === moving.requestId,
  );
  const rest = waiting.filter((entry) => !group.includes(entry));
  let at = Math.min(Math.max(0, toPosition - 1 - group.indexOf(moving)), rest.length);
  if (splitsRequest(rest, at)) at += toPosition > fromPosition ? 1 : -1;
  const order = [...rest.slice(0, at), ...group, ...rest.slice(at)];
  return order.map((entry, index) => ({ id: entry.id, position: spacedPosition(index) }));
}

/**
 * The admin's insert of `entry` at 1-based `position` of the waiting ones (count + 1: the end);
 * dropped between a voice message and its song it goes before the pair. Null when the position
 * is out of range.
 */
export function insertEntry(
  waiting: readonly WaitingSlot[],
  position: number,
  entry: UnplacedEntry,
): QueuePlan | null {
  if (position > waiting.length + 1) return null;
  const plan = new QueuePlan(waiting);
  const index = position - 1;
  plan.add(splitsRequest(plan.slots, index) ? index - 1 : index, [entry]);
  return plan;
}

/** Placing at `index` of `entries` would put something between a voice message and its song. */
function splitsRequest(
  entries: readonly Pick<WaitingSlot, 'kind' | 'requestId'>[],
  index: number,
): boolean {
  const before = entries[index - 1];
  const after = entries[index];
  return (
    before?.kind === 'voice_message' &&
    after !== undefined &&
    after.requestId !== null &&
    after.requestId === before.requestId
  );
}

// --- Positions ---------------------------------------------------------------------------------

/**
 * Positions are spaced POSITION_GAP apart, so that placing an entry between two others changes
 * no other row; only when a gap is used up are the waiting entries spaced out again.
 */
export const POSITION_GAP = 1024;
/** Far below int4's limit: respaced from 1 again before positions could overflow. */
export const MAX_POSITION = 1_000_000_000;

/** The position of the `index`th waiting entry once they are spaced out again. */
const spacedPosition = (index: number): number => (index + 1) * POSITION_GAP;

type PlanSlot = WaitingSlot & { added?: NewQueueEntry };

/**
 * New entries placed among the waiting ones in memory, to be written at once (`writes`): one
 * insert, and one update only when a gap was used up and the waiting entries had to be spaced
 * out again.
 */
export class QueuePlan {
  readonly slots: PlanSlot[];
  #respaced = false;

  constructor(waiting: readonly WaitingSlot[]) {
    this.slots = waiting.map((entry) => ({ ...entry }));
  }

  /**
   * `entries`, in this order, right before `slots[index]` (or at the end); `userId`: their
   * requester, whose round they count in for the requests placed after them.
   */
  add(index: number, entries: readonly UnplacedEntry[], userId: number | null = null): void {
    let positions = this.#freePositions(index, entries.length);
    if (!positions) {
      this.slots.forEach((slot, i) => (slot.position = spacedPosition(i)));
      this.#respaced = true;
      positions = this.#freePositions(index, entries.length) ?? [];
    }
    const added = entries.map((entry, i): PlanSlot => {
      const positioned = { ...entry, position: positions[i] ?? 0 };
      return { ...positioned, id: null, userId, added: positioned };
    });
    this.slots.splice(index, 0, ...added);
  }

  writes(): PlacementWrites {
    return {
      positions: this.#respaced
        ? this.slots.flatMap((slot) => (slot.id ? [{ id: slot.id, position: slot.position }] : []))
        : [],
      inserts: this.slots.flatMap((slot) => (slot.added ? [slot.added] : [])),
    };
  }

  /** Positions between the neighbours of `index`; null when the gap is used up. */
  #freePositions(index: number, count: number): number[] | null {
    const after = this.slots[index - 1]?.position;
    const before = this.slots[index]?.position;
    const low = after ?? (before === undefined ? 0 : before - POSITION_GAP * (count + 1));
    const high = before ?? low + POSITION_GAP * (count + 1);
    const step = Math.floor((high - low) / (count + 1));
    if (step < 1 || high >= MAX_POSITION || low <= -MAX_POSITION) return null;
    return Array.from({ length: count }, (_, i) => low + step * (i + 1));
  }
}

// --- Where a request stands --------------------------------------------------------------------

/** Where a request stands in the queue. */
export interface QueuePlace {
  /** Entries before it (a request with its voice message counts once). */
  before: number;
  secondsBefore: number;
  /** Its own entries' seconds. */
  seconds: number;
}

/**
 * The places of the requests among `entries` (in playing order, handed-out ones included); of
 * those of `only` if given.
 */
export function placesOf(
  entries: readonly Pick<WaitingSlot, 'requestId' | 'duration'>[],
  only?: ReadonlySet<number>,
): Map<number, QueuePlace> {
  const places = new Map<number, QueuePlace>();
  let before = 0;
  let secondsBefore = 0;
  for (const entry of entries) {
    const known = entry.requestId === null ? undefined : places.get(entry.requestId);
    if (known) known.seconds += entry.duration;
    else {
      if (entry.requestId !== null && (!only || only.has(entry.requestId))) {
        places.set(entry.requestId, { before, secondsBefore, seconds: entry.duration });
      }
      before += 1;
    }
    secondsBefore += entry.duration;
  }
  return places;
}
