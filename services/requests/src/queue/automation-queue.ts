import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AutomationQueueRow, Db } from '@radio/db';
import { builtInLibraryFile, builtInLibraryPath, isLibraryPath } from '@radio/station';
import { signPath } from '@radio/storage';
import {
  AutomationQueueRepository,
  type ListedEntry,
  type NewQueueEntry,
  type PlacedEntry,
  type QueueEntry,
  type UnqueuedRequest,
} from './automation-queue-repository.ts';
import { PlacementBatches } from './placement-batches.ts';

/** A queued voice message may wait this long for its turn (the entry is made at approval). */
const VOICE_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** The main playout channel. */
export const MAIN_MACHINE = 1;

export interface TrackLocations {
  /**
   * The built-in station's folders (LIBRARY_DIR, REQUEST_LIBRARY_DIR): library paths
   * (@radio/station library-paths.ts) are files in them.
   */
  libraryDir?: string | undefined;
  requestLibraryDir?: string | undefined;
  /** Where the station fetches voice messages (`/files/...` paths) from, e.g. the site's origin. */
  filesOrigin: string;
  /** Signs the station's links to voice messages (the uploads service checks them). */
  filesSigningSecret: string;
  /**
   * The built-in station's source key (library_tracks.source) when it runs: its tracks are
   * queued here, though its library publishes request ids like AzuraCast's.
   */
  builtInSource?: string | null;
}

export interface WaitingEntry {
  requestId: number;
  /** 1 = the next to air. */
  position: number;
  /** Seconds from now until it starts, given the current song's remaining seconds. */
  startsInSeconds: number;
  /** Seconds of it (its voice message and song) on air. */
  durationSeconds: number;
}

/** The queue as the built-in station publishes it (AzuraCast's shape is made of this). */
export type QueueListing = QueueEntry[];

/**
 * The automation queue: the one place that decides where entries go (fair placement of requests,
 * a voice message right before its song) and every move, and hands entries to the station.
 */
export class AutomationQueue {
  readonly #repository: AutomationQueueRepository;
  readonly #locations: TrackLocations;
  readonly #placements: PlacementBatches<Map<number, QueuePlace>>;

  constructor(db: Db, locations: TrackLocations) {
    this.#repository = new AutomationQueueRepository(db);
    this.#locations = locations;
    this.#placements = new PlacementBatches((requestIds) =>
      this.#repository.transaction(MAIN_MACHINE, (repository) =>
        this.queueApprovedIn(repository, requestIds),
      ),
    );
  }

  /**
   * The URI the station plays for a library path: the absolute file (what Liquidsoap reports
   * when it starts it). A URI or an absolute path (indexed before paths were relative) is played
   * as it is, and so is a path whose folder is not configured here. A path that would leave its
   * folder is refused (the library scan never writes one).
   */
  trackUri(libraryPath: string): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(libraryPath) || path.isAbsolute(libraryPath))
      return libraryPath;
    if (!isLibraryPath(libraryPath)) {
      throw new Error(`not a path of the station library: ${JSON.stringify(libraryPath)}`);
    }
    const { libraryDir, requestLibraryDir } = this.#locations;
    return (
      builtInLibraryFile(libraryPath, { rotation: libraryDir, requestOnly: requestLibraryDir }) ??
      libraryPath
    );
  }

  /**
   * The link the station fetches a voice message by: signed, since only its owner, admins and
   * the station may hear it, and valid long enough for the entry to wait its turn.
   */
  voiceUri(voicetrackUrl: string): string {
    if (/^https?:\/\//.test(voicetrackUrl)) return voicetrackUrl;
    const signed = signPath(
      this.#locations.filesSigningSecret,
      voicetrackUrl,
      VOICE_LINK_TTL_SECONDS,
    );
    return `${this.#locations.filesOrigin.replace(/\/$/, '')}${signed}`;
  }

  /**
   * Queues the approved requests (all of them, or those of `requestIds`) that may air and are not
   * queued yet: after a switch to nonstop, a Deezer track that became ready, a submit, or at start
   * (a missed message is not a lost request). Answers how many were queued.
   */
  async queueApproved(requestIds?: number[]): Promise<number> {
    const placed = await this.#placements.place(requestIds);
    return requestIds ? requestIds.filter((id) => placed.has(id)).length : placed.size;
  }

  /**
   * `queueApproved` for one request (a submit): where it stands once queued, given the seconds
   * the current song still plays (asked for while it is placed); null when it was not queued
   * (already, or not to be). The placement is asked for before this returns to the event loop,
   * so a refusal that waits for `settled()` right after sees it.
   */
  async queueRequest(
    requestId: number,
    remainingSeconds: () => Promise<number>,
  ): Promise<WaitingEntry | null> {
    const placing = this.#placements.place([requestId]);
    const remaining = await remainingSeconds();
    const place = (await placing).get(requestId);
    return place ? waitingEntryOf(requestId, place, remaining) : null;
  }

  /** Resolves once the placements this process was asked for so far are done. */
  settled(): Promise<void> {
    return this.#placements.settled();
  }

  /**
   * `queueApproved` inside the caller's transaction (it takes the machine lock); answers where
   * each queued request stands.
   */
  async queueApprovedIn(
    repository: AutomationQueueRepository,
    requestIds?: number[],
    machine = MAIN_MACHINE,
  ): Promise<Map<number, QueuePlace>> {
    await repository.lockMachine(machine);
    const requests = await repository.unqueuedApproved(
      requestIds,
      this.#locations.builtInSource ?? null,
    );
    if (requests.length === 0) return new Map();
    const entries = await repository.placedEntries(machine);
    const plan = new QueuePlan(entries.filter((entry) => !entry.handedOut));
    for (const request of requests) {
      plan.add(fairIndex(plan.slots, request), this.#entriesOf(request, machine));
    }
    await plan.write(repository);
    return placesOf(
      [...entries.filter((entry) => entry.handedOut), ...plan.slots],
      new Set(requests.map((request) => request.id)),
    );
  }

  /**
   * The id to give the station's request API for a library track (AzuraCast), or null when the
   * track is queued here (the built-in station's, or one without a request id).
   */
  stationRequestIdOf(track: { source: string; requestId: string | null }): string | null {
    return track.source === this.#locations.builtInSource ? null : track.requestId;
  }

  /** A request's entries: its voice message (if any) right before its song. */
  #entriesOf(request: UnqueuedRequest, machine: number): Omit<NewQueueEntry, 'position'>[] {
    const song = {
      machine,
      kind: 'request' as const,
      requestId: request.id,
      title: request.title,
      artist: request.artist,
      uri: this.trackUri(request.path),
      duration: request.duration,
    };
    if (!request.voicetrackUrl) return [song];
    const voiceMessage = {
      machine,
      kind: 'voice_message' as const,
      requestId: request.id,
      title: `Spraakbericht bij ${request.title}`,
      artist: '',
      uri: this.voiceUri(request.voicetrackUrl),
      duration: 0,
    };
    return [voiceMessage, song];
  }

  /** Moves an entry (with its voice message, if any) to a 1-based place among the waiting ones. */
  async move(entryId: string, toPlace: number, machine = MAIN_MACHINE): Promise<boolean> {
    return this.#repository.transaction(machine, async (repository) => {
      const waiting = (await repository.placedEntries(machine)).filter((entry) => !entry.handedOut);
      const moving = waiting.find((entry) => entry.id === entryId);
      if (!moving) return false;
      await reorder(repository, waiting, moving, (_group, rest) =>
        Math.min(Math.max(0, toPlace - 1), rest.length),
      );
      return true;
    });
  }

  /**
   * The admin's move: the entry at 1-based `fromPosition` of the waiting ones goes to
   * `toPosition` (a request's voice message and song move together, the moved one as close to
   * `toPosition` as that allows). Refused, changing nothing, when the queue is no longer the one
   * the admin saw (`seen`) or a position is out of range.
   */
  async moveAt(
    fromPosition: number,
    toPosition: number,
    seen: SeenQueue,
    machine = MAIN_MACHINE,
  ): Promise<QueueChange> {
    return this.#repository.transaction(machine, async (repository) => {
      const waiting = (await repository.placedEntries(machine)).filter((entry) => !entry.handedOut);
      const moving = waiting[fromPosition - 1];
      if (
        (seen.version !== undefined && seen.version !== queueVersion(waiting)) ||
        (seen.entryId !== undefined && moving?.id !== seen.entryId)
      ) {
        return { ok: false, refusal: 'stale', count: waiting.length };
      }
      if (!moving || toPosition > waiting.length) {
        return { ok: false, refusal: 'position', count: waiting.length };
      }
      if (fromPosition === toPosition) return { ok: true };
      await reorder(repository, waiting, moving, (group, rest) => {
        let at = Math.min(Math.max(0, toPosition - 1 - group.indexOf(moving)), rest.length);
        // Never between another request's voice message and its song.
        if (splitsRequest(rest, at)) at += toPosition > fromPosition ? 1 : -1;
        return at;
      });
      return { ok: true };
    });
  }

  /**
   * The admin's insert: a library track (by library path) as a manual entry at 1-based
   * `position` of the waiting ones (count + 1: the end). Refused like `moveAt`, or when the
   * library has no such track.
   */
  async insertTrackAt(
    libraryPath: string,
    position: number,
    seen: SeenQueue,
    machine = MAIN_MACHINE,
  ): Promise<QueueChange> {
    return this.#repository.transaction(machine, async (repository) => {
      const track = await repository.libraryTrack(
        libraryPath,
        this.#locations.builtInSource ?? null,
      );
      if (!track || !isLibraryPath(track.path)) return { ok: false, refusal: 'unknown-track' };
      const waiting = (await repository.placedEntries(machine)).filter((entry) => !entry.handedOut);
      if (seen.version !== undefined && seen.version !== queueVersion(waiting)) {
        return { ok: false, refusal: 'stale', count: waiting.length };
      }
      if (position > waiting.length + 1) {
        return { ok: false, refusal: 'position', count: waiting.length + 1 };
      }
      const plan = new QueuePlan(waiting);
      const index = position - 1;
      plan.add(splitsRequest(plan.slots, index) ? index - 1 : index, [
        {
          machine,
          kind: 'manual',
          requestId: null,
          title: track.title,
          artist: track.artist,
          uri: this.trackUri(track.path),
          duration: track.duration,
        },
      ]);
      await plan.write(repository);
      return { ok: true };
    });
  }

  /**
   * The machine's entries for the admin: those waiting (in playing order) and those handed out
   * to the station (prepared or playing), and the waiting order's version.
   */
  async listing(
    machine = MAIN_MACHINE,
  ): Promise<{ waiting: ListedEntry[]; handedOut: ListedEntry[]; version: string }> {
    const entries = await this.#repository.listing(machine);
    const waiting = entries.filter((entry) => !entry.handedOut);
    return {
      waiting,
      handedOut: entries.filter((entry) => entry.handedOut),
      version: queueVersion(waiting),
    };
  }

  /** The library path an entry plays (what the search calls `filename`); null for none. */
  libraryPathOf(entry: Pick<ListedEntry, 'uri' | 'path'>): string | null {
    if (entry.path !== null && isLibraryPath(entry.path)) return entry.path;
    const { uri } = entry;
    if (isLibraryPath(uri) && !/^[a-z][a-z0-9+.-]*:/i.test(uri)) return uri;
    const folders = [
      { folder: this.#locations.libraryDir, requestOnly: false },
      { folder: this.#locations.requestLibraryDir, requestOnly: true },
    ];
    for (const { folder, requestOnly } of folders) {
      if (!folder) continue;
      const inFolder = path.relative(path.resolve(folder), uri);
      if (path.isAbsolute(uri) && isLibraryPath(inFolder)) {
        return builtInLibraryPath(inFolder, requestOnly);
      }
    }
    return null;
  }

  /**
   * An admin's own entry (no request) at a 1-based place among the waiting entries (the end when
   * past it). Requests placed later never go before it.
   */
  async insertManual(
    entry: { title: string; artist: string; uri: string; duration: number },
    toPlace: number,
    machine = MAIN_MACHINE,
  ): Promise<void> {
    await this.#repository.transaction(machine, async (repository) => {
      const plan = new QueuePlan(
        (await repository.placedEntries(machine)).filter((entry) => !entry.handedOut),
      );
      const index = Math.min(Math.max(0, toPlace - 1), plan.slots.length);
      plan.add(index, [{ ...entry, machine, kind: 'manual', requestId: null }]);
      await plan.write(repository);
    });
  }

  /** The next entry for the station, handed out once. */
  handOutNext(machine = MAIN_MACHINE, now = new Date()): Promise<AutomationQueueRow | undefined> {
    return this.#repository.handOutNext(machine, now);
  }

  /** The station started the file it was given: answers the request id that became played. */
  started(uri: string, playedAt: Date): Promise<number | null> {
    return this.#repository.started(uri, playedAt);
  }

  entries(machine = MAIN_MACHINE): Promise<QueueListing> {
    return this.#repository.entries(machine);
  }

  /**
   * Where each queued request stands: its place and when it starts, given the seconds the
   * current song still plays. An entry handed out is next on air.
   */
  async waitingRequests(remainingSeconds: number, machine = MAIN_MACHINE): Promise<WaitingEntry[]> {
    const places = placesOf(await this.#repository.placedEntries(machine));
    return [...places].map(([requestId, place]) =>
      waitingEntryOf(requestId, place, remainingSeconds),
    );
  }
}

/** What the admin saw of the queue: a change against another queue is stale. */
export interface SeenQueue {
  /** The listing's version. */
  version?: string | undefined;
  /** The id of the entry the admin saw at the position moved from. */
  entryId?: string | undefined;
}

export type QueueChange =
  | { ok: true }
  | { ok: false; refusal: 'stale' | 'position'; count: number }
  | { ok: false; refusal: 'unknown-track' };

/** Changes with every change of the waiting entries' order (or of which entries wait). */
export function queueVersion(waiting: readonly Pick<PlacedEntry, 'id'>[]): string {
  const hash = createHash('sha256');
  for (const entry of waiting) hash.update(`${entry.id},`);
  return hash.digest('base64url').slice(0, 22);
}

/** Placing at `index` of `entries` would put something between a voice message and its song. */
function splitsRequest(
  entries: readonly Pick<PlacedEntry, 'kind' | 'requestId'>[],
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

/**
 * Moves `moving` with its request's other entries to index `at(group, rest)` of the other
 * waiting entries, and spaces all of them out again.
 */
async function reorder(
  repository: AutomationQueueRepository,
  waiting: readonly PlacedEntry[],
  moving: PlacedEntry,
  at: (group: PlacedEntry[], rest: PlacedEntry[]) => number,
): Promise<void> {
  const group = waiting.filter((entry) =>
    moving.requestId === null ? entry.id === moving.id : entry.requestId === moving.requestId,
  );
  const rest = waiting.filter((entry) => !group.includes(entry));
  const index = at(group, rest);
  const order = [...rest.slice(0, index), ...group, ...rest.slice(index)];
  await repository.setPositions(
    order.map((entry, i) => ({ id: entry.id, position: spacedPosition(i) })),
  );
}

/** Where a request stands in the queue. */
export interface QueuePlace {
  /** Entries before it (a request with its voice message counts once). */
  before: number;
  secondsBefore: number;
  /** Its own entries' seconds. */
  seconds: number;
}

const waitingEntryOf = (
  requestId: number,
  place: QueuePlace,
  remainingSeconds: number,
): WaitingEntry => ({
  requestId,
  position: place.before + 1,
  startsInSeconds: Math.max(0, remainingSeconds) + place.secondsBefore,
  durationSeconds: place.seconds,
});

/** The places of the requests among `entries` (in playing order); of those of `only` if given. */
function placesOf(
  entries: readonly Pick<QueueEntry, 'requestId' | 'duration'>[],
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

/**
 * Positions are spaced POSITION_GAP apart, so that placing an entry between two others changes
 * no other row; only when a gap is used up are the waiting entries spaced out again.
 */
const POSITION_GAP = 1024;
/** Far below int4's limit: respaced from 1 again before positions could overflow. */
const MAX_POSITION = 1_000_000_000;

/** The position of the `index`th waiting entry once they are spaced out again. */
const spacedPosition = (index: number): number => (index + 1) * POSITION_GAP;

type Slot = Omit<PlacedEntry, 'id'> & {
  /** Null for an entry not written yet. */
  id: string | null;
  entry?: NewQueueEntry;
};

/**
 * New entries placed among the waiting ones in memory, then written at once: one insert, and one
 * update only when a gap was used up and the waiting entries had to be spaced out again.
 */
class QueuePlan {
  readonly slots: Slot[];
  #respaced = false;

  constructor(waiting: readonly PlacedEntry[]) {
    this.slots = waiting.map((entry) => ({ ...entry }));
  }

  /** `entries`, in this order, right before `slots[index]` (or at the end). */
  add(index: number, entries: Omit<NewQueueEntry, 'position'>[]): void {
    let positions = this.#freePositions(index, entries.length);
    if (!positions) {
      this.slots.forEach((slot, i) => (slot.position = spacedPosition(i)));
      this.#respaced = true;
      positions = this.#freePositions(index, entries.length) ?? [];
    }
    const added = entries.map((entry, i) => {
      const full = { ...entry, position: positions[i] ?? 0 };
      return { ...full, id: null, userId: null, handedOut: false, entry: full };
    });
    this.slots.splice(index, 0, ...added);
  }

  async write(repository: AutomationQueueRepository): Promise<void> {
    if (this.#respaced) {
      await repository.setPositions(
        this.slots.flatMap((slot) => (slot.id ? [{ id: slot.id, position: slot.position }] : [])),
      );
    }
    await repository.insert(this.slots.flatMap((slot) => (slot.entry ? [slot.entry] : [])));
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

/**
 * Where a request goes among the waiting entries (an index into them): before the first entry of
 * a later round than the requester's, where a requester's round is how many of their requests
 * are already waiting. A voice message belongs to the song after it.
 */
export function fairIndex(
  waiting: Pick<QueueEntry, 'kind' | 'requestId' | 'userId'>[],
  request: Pick<UnqueuedRequest, 'id' | 'userId'>,
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
