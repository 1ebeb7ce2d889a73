import {
  ownRequestFields,
  renderPublicRequest,
  type AdminRequest,
  type OwnRequest,
  type PublicRequest,
  type RequestStatusValue,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import type { AutomationQueue, WaitingEntry } from '../queue/automation-queue.ts';
import type { NowPlayingClock } from './now-playing-clock.ts';
import type { RequestRow, RequestsRepository } from './requests-repository.ts';

/** "Mijn verzoekjes" on the request page lists this many of the user's latest requests. */
const OWN_REQUESTS_LISTED = 50;

export interface RequestListsOptions {
  repository: RequestsRepository;
  queue: Pick<AutomationQueue, 'waitingRequests'>;
  nowPlaying: Pick<NowPlayingClock, 'remainingSeconds'>;
  settings: () => Promise<DjSettingsRow>;
  /** One of a listener's requests changed: its new view goes to them (live push). */
  requestChanged?: ((userId: number, request: OwnRequest) => void) | undefined;
  clock: () => Date;
}

/** The requests as the pages list them, each with its place in the queue while it waits. */
export class RequestLists {
  readonly #options: RequestListsOptions;

  constructor(options: RequestListsOptions) {
    this.#options = options;
  }

  /** Waiting requests: the queued ones in playing order, then the rest oldest first. */
  async pending(): Promise<PublicRequest[]> {
    const views = await this.withPlaces(await this.#options.repository.waiting());
    return views.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.id - b.id);
  }

  /** The user's own latest requests with every field they may see, newest first. */
  async mine(user: SessionUser): Promise<OwnRequest[]> {
    const rows = await this.#options.repository.ofUser(user.id, OWN_REQUESTS_LISTED);
    const views = await this.withPlaces(rows);
    return views.map((view, i) => ({ ...view, ...ownRequestFields(rows[i] as RequestRow) }));
  }

  /** Played in the last 24 hours, newest first. */
  async recent(): Promise<PublicRequest[]> {
    const since = new Date(this.#options.clock().getTime() - 86_400_000);
    const rows = await this.#options.repository.playedSince(since);
    return rows.map((row) => renderPublicRequest(row));
  }

  async list(filter: {
    status?: RequestStatusValue;
    from?: Date;
    to?: Date;
    page: number;
    pageSize: number;
  }): Promise<{ data: AdminRequest[]; total: number }> {
    const { rows, total } = await this.#options.repository.list({
      status: filter.status,
      from: filter.from,
      to: filter.to,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    const views = await this.withPlaces(rows);
    return { data: rows.map((row, i) => adminView(row, views[i])), total };
  }

  /**
   * Tells the owner of a request that changed elsewhere (the station, its steps): its row as
   * "Mijn verzoekjes" lists it goes to requestChanged. Never fails the caller.
   */
  async announce(id: number): Promise<void> {
    if (!this.#options.requestChanged) return;
    const row = await this.#options.repository.findById(id);
    if (!row) return;
    const [view] = await this.withPlaces([row]);
    if (view) this.tellOwner(row, view);
  }

  /** The request's new view goes to its owner (live push). */
  tellOwner(row: RequestRow, view: PublicRequest): void {
    if (row.userId === null) return;
    this.#options.requestChanged?.(row.userId, { ...view, ...ownRequestFields(row) });
  }

  /** The rows' views, with their places in the queue (none in live mode). */
  async withPlaces(rows: RequestRow[]): Promise<PublicRequest[]> {
    const now = this.#options.clock();
    let places = new Map<number, WaitingEntry>();
    if (rows.some((row) => row.status === 'pending' || row.status === 'approved')) {
      const settings = await this.#options.settings();
      if (settings.broadcastingMode !== 'live') {
        const remaining = await this.#options.nowPlaying.remainingSeconds(now);
        const waiting = await this.#options.queue.waitingRequests(remaining);
        places = new Map(waiting.map((entry) => [entry.requestId, entry]));
      }
    }
    return rows.map((row) => placedView(row, places.get(row.id), now));
  }
}

export function placedView(
  row: RequestRow,
  place: WaitingEntry | undefined,
  now: Date,
): PublicRequest {
  return renderPublicRequest(row, {
    position: place?.position ?? null,
    expectedStart: place ? new Date(now.getTime() + place.startsInSeconds * 1000) : null,
  });
}

/** Every field of a request, for admins. */
export function adminView(row: RequestRow, view: PublicRequest | undefined): AdminRequest {
  return {
    ...(view ?? renderPublicRequest(row)),
    ...ownRequestFields(row),
    userId: row.userId,
    filename: row.filename,
    requesterIp: row.requesterIp,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    deezerTrackId: row.deezerTrackId,
    downloadError: row.downloadError,
    libraryTrackId: row.libraryTrackId === null ? null : Number(row.libraryTrackId),
  };
}
