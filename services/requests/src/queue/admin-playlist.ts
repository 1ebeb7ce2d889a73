import {
  ADMIN_PLAYLIST_TEXTS,
  type AdminPlaylistEntry,
  type AdminPlaylistResponse,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError } from '@radio/service-kit';
import { createAzuraCastSource, stationSourceKey, type QueueEntry } from '@radio/station';
import type { ListedEntry } from './automation-queue-repository.ts';
import type { AutomationQueue } from './automation-queue.ts';
import type { QueueChange, SeenQueue } from './queue-version.ts';

/** AzuraCast's queue is read for an admin waiting on the page: no long wait. */
const STATION_QUEUE_TIMEOUT_MS = 5_000;

export interface AdminPlaylistOptions {
  queue: AutomationQueue;
  settings: () => Promise<DjSettingsRow>;
  /** The current song's remaining seconds (the worker's now-playing snapshot). */
  remainingSeconds: (now: Date) => Promise<number>;
  /** The built-in station's source key, when it runs. */
  builtInSource: string | null;
  clock?: () => Date;
}

type Source =
  { kind: 'automation' } | { kind: 'azuracast'; nowPlayingUrl: string; apiKey: string | null };

/**
 * The admin's playlist tab: the automation queue the built-in station plays (reorderable), or,
 * when the nonstop source is an AzuraCast station, AzuraCast's own queue (shown only).
 */
export class AdminPlaylist {
  readonly #options: AdminPlaylistOptions;
  readonly #clock: () => Date;

  constructor(options: AdminPlaylistOptions) {
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
  }

  async get(machine: number): Promise<AdminPlaylistResponse> {
    const source = await this.#source();
    if (source.kind === 'azuracast') return this.#azuraCastQueue(machine, source);
    const now = this.#clock();
    const [{ waiting, handedOut, version }, remaining] = await Promise.all([
      this.#options.queue.listing(machine),
      this.#options.remainingSeconds(now),
    ]);
    // What the station has prepared plays first; the current song's rest before that.
    let startsAt = now.getTime() + remaining * 1000;
    for (const entry of handedOut) startsAt += entry.duration * 1000;
    const entries = waiting.map((entry, index) => {
      const shown = this.#entryOf(entry, index + 1, new Date(startsAt));
      startsAt += entry.duration * 1000;
      return shown;
    });
    return { machine, count: entries.length, entries, version, reorderable: true, reason: null };
  }

  async move(
    machine: number,
    fromPosition: number,
    toPosition: number,
    seen: SeenQueue,
  ): Promise<AdminPlaylistResponse> {
    await this.#assertReorderable();
    refuse(await this.#options.queue.moveAt(fromPosition, toPosition, seen, machine));
    return this.get(machine);
  }

  async insert(
    machine: number,
    filename: string,
    position: number,
    seen: SeenQueue,
  ): Promise<AdminPlaylistResponse> {
    await this.#assertReorderable();
    refuse(await this.#options.queue.insertTrackAt(filename, position, seen, machine));
    return this.get(machine);
  }

  async #source(): Promise<Source> {
    const settings = await this.#options.settings();
    const url = settings.nonstopUrl?.trim();
    if (!url || stationSourceKey(url) === this.#options.builtInSource)
      return { kind: 'automation' };
    return { kind: 'azuracast', nowPlayingUrl: url, apiKey: settings.nonstopApiKey };
  }

  async #assertReorderable(): Promise<void> {
    if ((await this.#source()).kind === 'azuracast') {
      throw new HttpError(409, 'QUEUE_NOT_REORDERABLE', ADMIN_PLAYLIST_TEXTS.azuraCast);
    }
  }

  async #azuraCastQueue(
    machine: number,
    station: { nowPlayingUrl: string; apiKey: string | null },
  ): Promise<AdminPlaylistResponse> {
    let queue: QueueEntry[];
    try {
      queue = await createAzuraCastSource({
        ...station,
        timeoutMs: STATION_QUEUE_TIMEOUT_MS,
      }).queue();
    } catch {
      throw new HttpError(503, 'STATION_UNAVAILABLE', ADMIN_PLAYLIST_TEXTS.stationUnavailable, {
        'retry-after': '60',
      });
    }
    const entries = queue.map((entry, index): AdminPlaylistEntry => ({
      position: index + 1,
      id: null,
      title: entry.title,
      artist: entry.artist,
      album: null,
      duration: Math.round(entry.duration),
      filename: null,
      kind: 'station',
      requestId: null,
      requesterName: null,
      expectedStartTime: entry.expectedStart?.toISOString() ?? null,
    }));
    return {
      machine,
      count: entries.length,
      entries,
      version: '',
      reorderable: false,
      reason: ADMIN_PLAYLIST_TEXTS.azuraCast,
    };
  }

  #entryOf(entry: ListedEntry, position: number, startsAt: Date): AdminPlaylistEntry {
    return {
      position,
      id: entry.id,
      title: entry.title,
      artist: entry.artist,
      album: entry.kind === 'request' && entry.album ? entry.album : null,
      duration: entry.duration,
      filename: entry.kind === 'voice_message' ? null : this.#options.queue.libraryPathOf(entry),
      kind: entry.kind,
      requestId: entry.requestId,
      requesterName: entry.requesterName,
      expectedStartTime: startsAt.toISOString(),
    };
  }
}

function refuse(change: QueueChange): void {
  if (change.ok) return;
  if (change.refusal === 'unknown-track') {
    throw new HttpError(404, 'TRACK_NOT_FOUND', ADMIN_PLAYLIST_TEXTS.unknownTrack);
  }
  if (change.refusal === 'stale') {
    throw new HttpError(409, 'QUEUE_CHANGED', ADMIN_PLAYLIST_TEXTS.stale);
  }
  throw new HttpError(400, 'INVALID_POSITION', ADMIN_PLAYLIST_TEXTS.position(change.count));
}
