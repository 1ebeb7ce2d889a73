import {
  VOICE_MESSAGE_UNUSED_HOURS,
  ownRequestFields,
  renderPublicRequest,
  voiceMessageObjectKey,
  type AdminRequest,
  type OwnRequest,
  type PublicRequest,
  type RequestStatusValue,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError, type SessionUser } from '@radio/service-kit';
import { nonstopAzuraCastOf } from '@radio/station';
import type { DbTransactions, Tx } from '../db/transactions-repository.ts';
import { RequestRefusal } from './request-refusal.ts';
import { type AutomationQueue, type WaitingEntry } from '../queue/automation-queue.ts';
import type { NowPlayingClock } from './now-playing-clock.ts';
import type { Candidate, LimitRefusal, RequestRules, Verdict } from './request-rules.ts';
import { REASONS } from './request-texts.ts';
import type { RequestRow, RequestsRepository } from './requests-repository.ts';
import { stationRefusal } from './station-refusals.ts';
import {
  NOTHING_SUBMITTED,
  type StationSubmissionCount,
  type StationSubmissions,
} from './station-submissions.ts';

export interface DeezerTrack {
  title: string;
  artist: string;
  album: string;
  /** Seconds. */
  duration: number;
  readable: boolean;
}

/** Looks a Deezer track up by id (through the catalogue's cache); null when Deezer has none. */
export type LookupDeezerTrack = (deezerId: string) => Promise<DeezerTrack | null>;

export interface SubmitInput {
  source: 'local' | 'deezer';
  libraryTrackId?: number;
  filename?: string;
  deezerId?: string;
  message?: string;
  browserFingerprint?: string;
  voicetrackUrl?: string;
}

export interface RequestServiceOptions {
  repository: RequestsRepository;
  /** Opens the transactions (with the requests' advisory locks) the repositories run in. */
  transactions: DbTransactions;
  rules: RequestRules;
  queue: AutomationQueue;
  settings: () => Promise<DjSettingsRow>;
  nowPlaying: NowPlayingClock;
  lookupDeezerTrack: LookupDeezerTrack;
  /** Puts the acquisition job of an accepted Deezer request on its queue. */
  enqueueAcquisition: (requestId: number) => Promise<void>;
  /** Sends what was approved during a live show to the station's request API. */
  stationSubmissions: StationSubmissions;
  /** One of a listener's requests changed: its new view goes to them (live push). */
  requestChanged?: (userId: number, request: OwnRequest) => void;
  clock?: () => Date;
}

/** A voice message of this user, uploaded in the last day and not sent with another request. */
async function assertUsableVoiceMessage(
  repository: RequestsRepository,
  trx: Tx,
  userId: number,
  voicetrackUrl: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - VOICE_MESSAGE_UNUSED_HOURS * 3_600_000);
  const found = await repository.findUsableVoiceMessage(
    trx,
    userId,
    voiceMessageObjectKey(voicetrackUrl),
    voicetrackUrl,
    since,
  );
  if (!found)
    throw new HttpError(409, 'VOICE_MESSAGE_UNAVAILABLE', REASONS.voiceMessageUnavailable);
}

/** A retried submit (same user, same track) within this returns the first request. */
const RETRY_WINDOW_MS = 60_000;
/** "Mijn verzoekjes" on the request page lists this many of the user's latest requests. */
const OWN_REQUESTS_LISTED = 50;

type ResolvedTrack = Candidate & {
  /** AzuraCast's request id of a library track from an AzuraCast station; else null. */
  stationRequestId: string | null;
  album: string | null;
  duration: number;
  filename: string | null;
};

export class RequestService {
  readonly #options: RequestServiceOptions;
  readonly #clock: () => Date;

  constructor(options: RequestServiceOptions) {
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
  }

  /** POST /api/requests: every rule, checked and inserted atomically. */
  async submit(
    user: SessionUser,
    input: SubmitInput,
    requesterIp: string | null,
  ): Promise<{ request: OwnRequest; created: boolean }> {
    const { repository, transactions, rules, settings: readSettings } = this.#options;
    const settings = await readSettings();
    if (!settings.requestsEnabled) {
      throw new RequestRefusal(409, 'REQUESTS_DISABLED', REASONS.requestsDisabled);
    }
    const requesterName = user.name.trim();
    if (!requesterName) throw new HttpError(400, 'NAME_REQUIRED', REASONS.noName);
    const track = await this.#resolveTrack(input);
    const client = { ip: requesterIp, browserFingerprint: input.browserFingerprint ?? null };
    const trackKey =
      track.source === 'local'
        ? `track:local:${track.libraryTrackId}`
        : `track:deezer:${track.deezerId}`;
    const lockKeys = [
      `user:${user.id}`,
      trackKey,
      `artist:${track.artist.trim().toLowerCase()}`,
      ...(client.browserFingerprint ? [`browser:${client.browserFingerprint}`] : []),
      ...(client.ip ? [`ip:${client.ip}`] : []),
    ];
    const live = settings.broadcastingMode === 'live';
    const station = nonstopAzuraCastOf(settings);
    const outcome = await transactions.transaction(lockKeys, async (trx) => {
      const now = this.#clock();
      // Without the queue (read after the transaction): a refusal's wait is refined below.
      const assessment = await rules.assess(settings, user, client, track, now, { trx });
      // A retried submit (this user's own request of this track, just now) is answered with it.
      const { verdict } = assessment;
      const waiting = verdict.available ? undefined : verdict.waitingRequest;
      if (
        waiting?.userId === user.id &&
        now.getTime() - waiting.requestedAt.getTime() <= RETRY_WINDOW_MS
      ) {
        const retried = await repository.findById(waiting.id, trx);
        if (retried) return { row: retried, created: false };
      }
      const refusal = refusalOf(assessment);
      if (refusal) return { refusal };
      if (input.voicetrackUrl !== undefined) {
        await assertUsableVoiceMessage(repository, trx, user.id, input.voicetrackUrl, now);
      }
      // Listener audio never airs unreviewed; in live mode the DJ decides.
      const needsReview = live || input.voicetrackUrl !== undefined;
      // An AzuraCast station's track goes to its request API after this commits (claimed now,
      // so no pass sends it meanwhile); its refusal is ours.
      const toStation = !needsReview && track.stationRequestId !== null;
      if (toStation && !station) throw new RequestRefusal(409, 'NOT_AVAILABLE', REASONS.generic);
      const inserted = await repository.insert(trx, {
        userId: user.id,
        title: track.title,
        artist: track.artist,
        album: track.album,
        filename: track.filename,
        duration: track.duration,
        requesterName,
        requesterIp,
        browserFingerprint: client.browserFingerprint,
        requestedAt: now,
        status: needsReview ? 'pending' : 'approved',
        voicetrackUrl: input.voicetrackUrl ?? null,
        message: input.message ?? null,
        source: track.source,
        deezerTrackId: track.source === 'deezer' ? track.deezerId : null,
        downloadStatus: track.source === 'deezer' ? 'pending' : 'not_needed',
        libraryTrackId: track.source === 'local' ? track.libraryTrackId : null,
        stationClaimedAt: toStation ? now : null,
        stationStep: toStation ? 'to_submit' : null,
      });
      return { row: inserted, created: true };
    });
    if ('refusal' in outcome) {
      // When it becomes possible, now that the queue holds what was placed meanwhile.
      await this.#options.queue.settled();
      const now = this.#clock();
      const exact = refusalOf(
        await rules.assess(settings, user, client, track, now, {
          untilAired: (ids) => this.#untilAired(ids, now),
        }),
      );
      throw exact ?? outcome.refusal;
    }
    const { created } = outcome;
    let { row } = outcome;
    if (created && row.stationStep === 'to_submit' && station && track.stationRequestId !== null) {
      const sent = await this.#options.stationSubmissions.sendClaimed(station, {
        id: row.id,
        stationRequestId: track.stationRequestId,
      });
      if (sent.kind === 'sent') {
        // The answer shows the row as sending left it, not as it was inserted.
        row = (await repository.findById(row.id)) ?? row;
      } else if (sent.kind !== 'gone') {
        await this.#options.stationSubmissions.withdraw(row.id);
        throw stationRefusal(sent);
      }
    }
    if (row.source === 'deezer' && row.downloadStatus === 'pending') {
      // The job id is the request's: a retried submit enqueues nothing new.
      await this.#options.enqueueAcquisition(row.id);
    }
    const request = { ...(await this.#placed(row, live)), ...ownRequestFields(row) };
    this.#options.requestChanged?.(user.id, request);
    return { request, created };
  }

  /**
   * A submitted request as its requester sees it: an approved library track of the built-in
   * station is queued now (in the batch of the submits around it; a retry that finds it queued
   * changes nothing) and answered with its place.
   */
  async #placed(row: RequestRow, live: boolean): Promise<PublicRequest> {
    if (live || row.status !== 'approved') return renderPublicRequest(row);
    const now = this.#clock();
    const remainingSeconds = () => this.#options.nowPlaying.remainingSeconds(now);
    const place =
      (await this.#options.queue.queueRequest(row.id, remainingSeconds)) ??
      (await this.#options.queue.waitingRequests(await remainingSeconds())).find(
        (entry) => entry.requestId === row.id,
      );
    return placedView(row, place, now);
  }

  async #resolveTrack(input: SubmitInput): Promise<ResolvedTrack> {
    const { repository } = this.#options;
    if (
      input.source === 'deezer' ||
      (input.deezerId && input.libraryTrackId === undefined && !input.filename)
    ) {
      if (!input.deezerId) throw new HttpError(400, 'TRACK_REQUIRED', REASONS.noTrack);
      const found = await this.#options.lookupDeezerTrack(input.deezerId);
      if (!found) throw new HttpError(404, 'TRACK_NOT_FOUND', REASONS.deezerTrackNotFound);
      return {
        source: 'deezer',
        deezerId: input.deezerId,
        title: found.title,
        artist: found.artist,
        readable: found.readable,
        stationRequestId: null,
        album: found.album || null,
        duration: Math.max(0, Math.round(found.duration)),
        filename: null,
      };
    }
    let row;
    if (input.libraryTrackId !== undefined)
      row = await repository.findLibraryTrack(input.libraryTrackId);
    else if (input.filename) row = await repository.findLibraryTrackByPath(input.filename);
    else throw new HttpError(400, 'TRACK_REQUIRED', REASONS.noTrack);
    if (!row) throw new HttpError(404, 'TRACK_NOT_FOUND', REASONS.trackNotFound);
    return {
      source: 'local',
      libraryTrackId: Number(row.id),
      title: row.title,
      artist: row.artist,
      requestable: row.requestable,
      stationRequestId: this.#options.queue.stationRequestIdOf(row),
      album: row.album || null,
      duration: row.duration,
      filename: row.path,
    };
  }

  /** Waiting requests: the queued ones in playing order, then the rest oldest first. */
  async pending(): Promise<PublicRequest[]> {
    const settings = await this.#options.settings();
    const views = await this.#withPlaces(
      await this.#options.repository.waiting(),
      settings.broadcastingMode === 'live',
    );
    return views.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.id - b.id);
  }

  /** The user's own latest requests with every field they may see, newest first. */
  async mine(user: SessionUser): Promise<OwnRequest[]> {
    const rows = await this.#options.repository.ofUser(user.id, OWN_REQUESTS_LISTED);
    const settings = await this.#options.settings();
    const views = await this.#withPlaces(rows, settings.broadcastingMode === 'live');
    return views.map((view, i) => ({ ...view, ...ownRequestFields(rows[i] as RequestRow) }));
  }

  /**
   * Tells the owner of a request that changed elsewhere (the station, its steps): its row as
   * "Mijn verzoekjes" lists it goes to requestChanged. Never fails the caller.
   */
  async announce(id: number): Promise<void> {
    const changed = this.#options.requestChanged;
    if (!changed) return;
    const row = await this.#options.repository.findById(id);
    if (!row) return;
    const settings = await this.#options.settings();
    this.#tellOwner(row, await this.#withPlaces([row], settings.broadcastingMode === 'live'));
  }

  #tellOwner(row: RequestRow, [view]: PublicRequest[]): void {
    if (row.userId === null || !view) return;
    this.#options.requestChanged?.(row.userId, { ...view, ...ownRequestFields(row) });
  }

  /** Played in the last 24 hours, newest first. */
  async recent(): Promise<PublicRequest[]> {
    const since = new Date(this.#clock().getTime() - 86_400_000);
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
    const settings = await this.#options.settings();
    const views = await this.#withPlaces(rows, settings.broadcastingMode === 'live');
    return {
      data: rows.map((row, i) => ({
        ...(views[i] ?? renderPublicRequest(row)),
        ...adminFields(row),
      })),
      total,
    };
  }

  /**
   * An admin's decision. approve: pending → approved (queued at once in nonstop mode when its
   * track is there); reject: pending/approved → rejected (out of the queue); played: pending/
   * approved → played. Anything else is a 409.
   */
  async setStatus(
    id: number,
    status: 'approved' | 'rejected' | 'played',
    reviewer: Pick<SessionUser, 'name' | 'email'>,
  ): Promise<{ request: AdminRequest; previousStatus: RequestStatusValue }> {
    const settings = await this.#options.settings();
    const now = this.#clock();
    let previousStatus: RequestStatusValue = 'pending';
    let toStation: { stationRequestId: string } | null = null;
    const station = nonstopAzuraCastOf(settings);
    const { repository, transactions, queue } = this.#options;
    let row = await transactions.transaction([`request:${id}`], async (trx) => {
      const current = await repository.findForUpdate(trx, id);
      if (!current) throw new HttpError(404, 'NOT_FOUND', 'Dit verzoekje bestaat niet.');
      const allowed: Record<string, RequestStatusValue[]> = {
        approved: ['pending'],
        rejected: ['pending', 'approved'],
        played: ['pending', 'approved'],
      };
      if (!allowed[status]?.includes(current.status)) {
        throw new HttpError(
          409,
          'INVALID_TRANSITION',
          `Een verzoekje met status ${current.status} kan niet naar ${status}.`,
        );
      }
      previousStatus = current.status;
      const reviewedBy = reviewer.name.trim() || reviewer.email;
      if (status === 'approved' && settings.broadcastingMode === 'nonstop') {
        const track =
          current.libraryTrackId === null
            ? undefined
            : await repository.findLibraryTrack(Number(current.libraryTrackId), trx);
        const stationRequestId = track ? queue.stationRequestIdOf(track) : null;
        if (stationRequestId && current.stationSubmittedAt === null) {
          if (!station) throw new RequestRefusal(409, 'NOT_AVAILABLE', REASONS.generic);
          toStation = { stationRequestId };
        }
      }
      const updated = await repository.update(trx, id, {
        status,
        reviewedBy,
        reviewedAt: now,
        ...(status === 'played' ? { playedAt: now } : {}),
        // Sent to the station after this commits, claimed now so no pass sends it meanwhile.
        ...(toStation ? { stationClaimedAt: now, stationStep: 'to_submit' as const } : {}),
      });
      if (status !== 'approved') await queue.removeRequest(trx, id);
      else if (settings.broadcastingMode === 'nonstop') {
        await queue.queueApprovedIn(trx, [id]);
      }
      return updated;
    });
    // Assigned inside the transaction's callback, which TypeScript does not follow.
    const claimed = toStation as { stationRequestId: string } | null;
    if (claimed && station) {
      const submissions = this.#options.stationSubmissions;
      const sent = await submissions.sendClaimed(station, { id, ...claimed });
      if (sent.kind !== 'sent' && sent.kind !== 'gone') {
        await submissions.unapprove(id, sent);
        throw stationRefusal(sent);
      }
      row = (await repository.findById(id)) ?? row;
    }
    const views = await this.#withPlaces([row], settings.broadcastingMode === 'live');
    this.#tellOwner(row, views);
    const request = { ...(views[0] ?? renderPublicRequest(row)), ...adminFields(row) };
    return { request, previousStatus };
  }

  /**
   * After the broadcasting mode changed: back in nonstop, the approved requests go into the
   * queue, or to the station's request API (AzuraCast). Answers how many were queued, sent and
   * not sent (AzuraCast refused or was unreachable: they go at the next switch or start).
   */
  async broadcastingModeChanged(
    mode: 'nonstop' | 'live',
  ): Promise<{ queued: number; stationSubmissions: StationSubmissionCount }> {
    if (mode !== 'nonstop') return { queued: 0, stationSubmissions: NOTHING_SUBMITTED };
    const queued = await this.#options.queue.queueApproved();
    return { queued, stationSubmissions: await this.#options.stationSubmissions.submitApproved() };
  }

  /**
   * A Deezer request's track is in the library (the worker said so): queued in nonstop mode, or
   * on an AzuraCast station (which now lists it as requestable) sent to its request API.
   */
  async trackReady(requestId: number): Promise<number> {
    const queued = await this.#queueApprovedInNonstop([requestId]);
    await this.#options.stationSubmissions.submitApproved();
    return queued;
  }

  /**
   * At start: queue what is approved and ready but not queued (a missed message), and send to
   * the station what was approved but never sent (a refusal or outage at the last switch).
   * Answers how many were queued.
   */
  async reconcile(): Promise<number> {
    const queued = await this.#queueApprovedInNonstop();
    await this.#options.stationSubmissions.submitApproved();
    return queued;
  }

  async #queueApprovedInNonstop(requestIds?: number[]): Promise<number> {
    const settings = await this.#options.settings();
    if (settings.broadcastingMode !== 'nonstop') return 0;
    return this.#options.queue.queueApproved(requestIds);
  }

  async #untilAired(requestIds: number[], now: Date): Promise<number | null> {
    const remaining = await this.#options.nowPlaying.remainingSeconds(now);
    const ids = new Set(requestIds);
    const ends = (await this.#options.queue.waitingRequests(remaining))
      .filter((entry) => ids.has(entry.requestId))
      .map((entry) => entry.startsInSeconds + entry.durationSeconds);
    return ends.length > 0 ? Math.min(...ends) : null;
  }

  async #withPlaces(rows: RequestRow[], live: boolean): Promise<PublicRequest[]> {
    const now = this.#clock();
    let places = new Map<number, WaitingEntry>();
    if (!live && rows.some((row) => row.status === 'pending' || row.status === 'approved')) {
      const remaining = await this.#options.nowPlaying.remainingSeconds(now);
      const waiting = await this.#options.queue.waitingRequests(remaining);
      places = new Map(waiting.map((entry) => [entry.requestId, entry]));
    }
    return rows.map((row) => placedView(row, places.get(row.id), now));
  }
}

function refusalOf({
  limit,
  verdict,
}: {
  limit: LimitRefusal | null;
  verdict: Verdict;
}): RequestRefusal | null {
  if (limit) return new RequestRefusal(429, limit.code, limit.message, limit.retryAfterSeconds);
  if (verdict.available) return null;
  return new RequestRefusal(409, verdict.code, verdict.reason, verdict.retryAfterSeconds);
}

function placedView(row: RequestRow, place: WaitingEntry | undefined, now: Date): PublicRequest {
  return renderPublicRequest(row, {
    position: place?.position ?? null,
    expectedStart: place ? new Date(now.getTime() + place.startsInSeconds * 1000) : null,
  });
}

function adminFields(row: RequestRow) {
  return {
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
