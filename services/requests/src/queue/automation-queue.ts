import type { AutomationQueueRow, Db } from '@radio/db';
import { isLibraryPath, stationRequestIdOf } from '@radio/station';
import {
  AutomationQueueRepository,
  type ListedEntry,
  type QueueEntry,
} from './automation-queue-repository.ts';
import { DbTransactions, type Tx } from '../db/transactions-repository.ts';
import { PlacementBatches } from './placement-batches.ts';
import {
  insertEntry,
  moveEntry,
  placeRequests,
  placesOf,
  requestEntries,
  type PlacementWrites,
  type QueuePlace,
} from './placement.ts';
import { queueVersion, type QueueChange, type SeenQueue } from './queue-version.ts';
import { libraryPathOf, trackUri, type TrackLocations } from './track-locations.ts';
import { voiceMessageLink } from './voice-message-link.ts';

/** The main playout channel. */
export const MAIN_MACHINE = 1;

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
 * The automation queue: places entries (where they go: placement.ts) under the machine's lock,
 * answers where requests stand, and hands entries to the station.
 */
export class AutomationQueue {
  readonly #repository: AutomationQueueRepository;
  readonly #transactions: DbTransactions;
  readonly #locations: TrackLocations;
  readonly #placements: PlacementBatches<Map<number, QueuePlace>>;

  constructor(db: Db, locations: TrackLocations) {
    this.#repository = new AutomationQueueRepository(db);
    this.#transactions = new DbTransactions(db);
    this.#locations = locations;
    this.#placements = new PlacementBatches((requestIds) =>
      this.#machineTransaction(MAIN_MACHINE, (trx) => this.queueApprovedIn(trx, requestIds)),
    );
  }

  /** Runs `work` in a transaction holding the machine's queue lock. */
  #machineTransaction<T>(machine: number, work: (trx: Tx) => Promise<T>): Promise<T> {
    return this.#transactions.transaction([], async (trx) => {
      await this.#repository.lockMachine(trx, machine);
      return work(trx);
    });
  }

  /** The URI the station plays for a library path (track-locations.ts). */
  trackUri(libraryPath: string): string {
    return trackUri(libraryPath, this.#locations);
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
    trx: Tx,
    requestIds?: number[],
    machine = MAIN_MACHINE,
  ): Promise<Map<number, QueuePlace>> {
    await this.#repository.lockMachine(trx, machine);
    const requests = await this.#repository.unqueuedApproved(
      trx,
      requestIds,
      this.#locations.builtInSource ?? null,
    );
    if (requests.length === 0) return new Map();
    const entries = await this.#repository.placedEntries(machine, trx);
    const plan = placeRequests(
      entries.filter((entry) => !entry.handedOut),
      requests.map((request) => ({
        id: request.id,
        userId: request.userId,
        entries: requestEntries(request, machine, {
          song: this.trackUri(request.path),
          voiceMessage: request.voicetrackUrl
            ? voiceMessageLink(request.voicetrackUrl, this.#locations)
            : null,
        }),
      })),
    );
    await this.#write(trx, plan.writes());
    return placesOf(
      [...entries.filter((entry) => entry.handedOut), ...plan.slots],
      new Set(requests.map((request) => request.id)),
    );
  }

  /** Takes a request's entries (its song and voice message) out of the queue, inside `trx`. */
  removeRequest(trx: Tx, requestId: number): Promise<void> {
    return this.#repository.removeRequest(trx, requestId);
  }

  /**
   * The id to give the station's request API for a library track, or null when the track is
   * queued here (the rule is the station adapter's).
   */
  stationRequestIdOf(track: { source: string; requestId: string | null }): string | null {
    return stationRequestIdOf(track, this.#locations.builtInSource ?? null);
  }

  /**
   * The admin's move (placement.ts moveEntry) of the entry at 1-based `fromPosition` of the
   * waiting ones to `toPosition`. Refused, changing nothing, when the queue is no longer the one
   * the admin saw (`seen`) or a position is out of range.
   */
  async moveAt(
    fromPosition: number,
    toPosition: number,
    seen: SeenQueue,
    machine = MAIN_MACHINE,
  ): Promise<QueueChange> {
    return this.#machineTransaction(machine, async (trx) => {
      const waiting = (await this.#repository.placedEntries(machine, trx)).filter(
        (entry) => !entry.handedOut,
      );
      const moving = waiting[fromPosition - 1];
      if (
        (seen.version !== undefined && seen.version !== queueVersion(waiting)) ||
        (seen.entryId !== undefined && moving?.id !== seen.entryId)
      ) {
        return { ok: false, refusal: 'stale', count: waiting.length };
      }
      const positions = moveEntry(waiting, fromPosition, toPosition);
      if (!positions) return { ok: false, refusal: 'position', count: waiting.length };
      await this.#repository.setPositions(trx, positions);
      return { ok: true };
    });
  }

  /**
   * The admin's insert (placement.ts insertEntry): a library track (by library path) as a manual
   * entry at 1-based `position` of the waiting ones (count + 1: the end). Refused like `moveAt`,
   * or when the library has no such track.
   */
  async insertTrackAt(
    libraryPath: string,
    position: number,
    seen: SeenQueue,
    machine = MAIN_MACHINE,
  ): Promise<QueueChange> {
    return this.#machineTransaction(machine, async (trx) => {
      const track = await this.#repository.libraryTrack(
        libraryPath,
        this.#locations.builtInSource ?? null,
        trx,
      );
      if (!track || !isLibraryPath(track.path)) return { ok: false, refusal: 'unknown-track' };
      const waiting = (await this.#repository.placedEntries(machine, trx)).filter(
        (entry) => !entry.handedOut,
      );
      if (seen.version !== undefined && seen.version !== queueVersion(waiting)) {
        return { ok: false, refusal: 'stale', count: waiting.length };
      }
      const plan = insertEntry(waiting, position, {
        machine,
        kind: 'manual',
        requestId: null,
        title: track.title,
        artist: track.artist,
        uri: this.trackUri(track.path),
        duration: track.duration,
      });
      if (!plan) return { ok: false, refusal: 'position', count: waiting.length + 1 };
      await this.#write(trx, plan.writes());
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
    return libraryPathOf(entry, this.#locations);
  }

  /** Writes a placement: the respaced positions (if any), then the new entries. */
  async #write(trx: Tx, { positions, inserts }: PlacementWrites): Promise<void> {
    await this.#repository.setPositions(trx, positions);
    await this.#repository.insert(trx, inserts);
  }

  /** The next entry for the station, handed out once. */
  handOutNext(machine = MAIN_MACHINE, now = new Date()): Promise<AutomationQueueRow | undefined> {
    return this.#repository.handOutNext(machine, now);
  }

  /**
   * The station started the file it was given, inside `trx`: answers the request id that became
   * played.
   */
  started(trx: Tx, uri: string, playedAt: Date): Promise<number | null> {
    return this.#repository.started(trx, uri, playedAt);
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
