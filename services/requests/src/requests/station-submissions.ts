import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, DjSettingsRow } from '@radio/db';
import {
  nonstopAzuraCastOf,
  requestSong,
  type AzuraCastStation,
  type SongRequestAnswer,
} from '@radio/station';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import { stationWords } from './station-refusals.ts';
import { StationSubmissionsRepository } from './station-submissions-repository.ts';

/** What a pass did: requests sent to the station, and those it could not send (left for later). */
export interface StationSubmissionCount {
  sent: number;
  notSent: number;
}

export const NOTHING_SUBMITTED: StationSubmissionCount = { sent: 0, notSent: 0 };

/** A pino or Fastify logger. */
export interface SubmissionLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface StationSubmissionsOptions {
  db: Db;
  settings: () => Promise<DjSettingsRow>;
  queue: Pick<AutomationQueue, 'stationRequestIdOf'>;
  log: SubmissionLog;
  /** A request's step changed in a pass or by an unapproval (its owner is told). */
  changed?: (requestId: number) => void;
  clock?: () => Date;
  /** AzuraCast takes 2 request calls per 5 s per address: after its 429 the pass waits this long. */
  rateLimitWaitMs?: number;
  /** A pass waits out rate limits only this long in all; what is left goes at the next pass. */
  budgetMs?: number;
  /** Asks the station (default: AzuraCast's request API). */
  requestSong?: (station: AzuraCastStation, requestId: string) => Promise<SongRequestAnswer>;
}

/** A sender that died mid-call loses its claim after this; the station call itself takes ≤ 5 s. */
export const CLAIM_LEASE_MS = 60_000;

/** The outcome of one request's way to the station. */
export type SendOutcome =
  /** Accepted; the row now says so (step submitted). */
  | { kind: 'sent' }
  /** Rejected, sent by another copy or claimed by one meanwhile. */
  | { kind: 'gone' }
  | Exclude<SongRequestAnswer, { kind: 'accepted' }>;

/**
 * Sends approved requests to the station's request API (AzuraCast), each exactly once: a request
 * is claimed in one statement (a lease, so a crashed sender's claim expires), the station is
 * asked with no transaction open, and the answer is written in another statement. So a slow
 * station holds no connection and no lock that another listener's request waits on.
 *
 * Requests approved during a live show, and Deezer tracks once the station lists them, go in a
 * pass: at the switch to nonstop, at start and when a track is ready, oldest approval first. One
 * refusal leaves that request approved and unsent (with the station's words for the admin) and
 * the pass goes on; no answer or a rate limit beyond the pass's budget ends the pass.
 */
export class StationSubmissions {
  readonly #repository: StationSubmissionsRepository;
  readonly #options: StationSubmissionsOptions;
  readonly #clock: () => Date;
  readonly #requestSong: NonNullable<StationSubmissionsOptions['requestSong']>;

  constructor(options: StationSubmissionsOptions) {
    this.#repository = new StationSubmissionsRepository(options.db);
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
    this.#requestSong = options.requestSong ?? ((station, id) => requestSong(station, id));
  }

  /**
   * One request that was committed with its claim (a listener's submit, an admin's approval):
   * sent now; when the station does not take it, the caller decides what becomes of it.
   */
  async sendClaimed(
    station: AzuraCastStation,
    request: { id: number; stationRequestId: string },
  ): Promise<SendOutcome> {
    const answer = await this.#requestSong(station, request.stationRequestId);
    if (answer.kind === 'accepted') {
      await this.#repository.markSubmitted(request.id, this.#clock());
      return { kind: 'sent' };
    }
    return answer;
  }

  /** A listener's request the station did not take at once: removed, as if never asked. */
  withdraw(requestId: number): Promise<void> {
    return this.#repository.withdraw(requestId);
  }

  /** An approval the station did not take: pending again, with the station's words. */
  async unapprove(requestId: number, outcome: SendOutcome): Promise<void> {
    await this.#repository.unapprove(requestId, noteOf(outcome));
    this.#options.changed?.(requestId);
  }

  /** Sends every approved, unsent request of a station track when the mode is nonstop. */
  async submitApproved(): Promise<StationSubmissionCount> {
    const settings = await this.#options.settings();
    if (settings.broadcastingMode !== 'nonstop') return NOTHING_SUBMITTED;
    const waiting = (await this.#repository.unsubmitted(this.#claimExpiry())).flatMap((request) => {
      const stationRequestId = this.#options.queue.stationRequestIdOf(request);
      return stationRequestId === null ? [] : [{ id: request.id, stationRequestId }];
    });
    if (waiting.length === 0) return NOTHING_SUBMITTED;
    const station = nonstopAzuraCastOf(settings);
    if (!station) {
      this.#options.log.warn(
        { requestIds: waiting.map((request) => request.id) },
        'approved requests wait for the station: no nonstop station is set',
      );
      return { sent: 0, notSent: waiting.length };
    }
    return this.#send(station, waiting);
  }

  #claimExpiry(): Date {
    return new Date(this.#clock().getTime() - CLAIM_LEASE_MS);
  }

  async #send(
    station: AzuraCastStation,
    waiting: { id: number; stationRequestId: string }[],
  ): Promise<StationSubmissionCount> {
    const { rateLimitWaitMs = 5_000, budgetMs = 15_000, log } = this.#options;
    const started = Date.now();
    const count = { sent: 0, notSent: 0 };
    for (const [index, request] of waiting.entries()) {
      let outcome = await this.#submitOne(station, request);
      while (
        outcome.kind === 'rate-limited' &&
        Date.now() - started + rateLimitWaitMs <= budgetMs
      ) {
        await sleep(rateLimitWaitMs);
        outcome = await this.#submitOne(station, request);
      }
      if (outcome.kind === 'sent') count.sent += 1;
      else if (outcome.kind === 'refused') count.notSent += 1;
      else if (outcome.kind === 'rate-limited' || outcome.kind === 'unavailable') {
        const left = waiting.slice(index).map((next) => next.id);
        log.warn(
          {
            requestIds: left,
            reason: outcome.kind === 'unavailable' ? outcome.detail : 'rate limited (HTTP 429)',
          },
          'the station took no more requests: they go at the next pass',
        );
        count.notSent += left.length;
        break;
      }
    }
    if (count.sent > 0) log.info({ ...count }, 'approved requests sent to the station');
    return count;
  }

  /** One request of a pass: claimed, asked, answered; no transaction is open while asking. */
  async #submitOne(
    station: AzuraCastStation,
    request: { id: number; stationRequestId: string },
  ): Promise<SendOutcome> {
    if (!(await this.#repository.claim(request.id, this.#clock(), this.#claimExpiry()))) {
      return { kind: 'gone' };
    }
    const outcome = await this.sendClaimed(station, request);
    if (outcome.kind === 'refused') {
      this.#options.log.warn(
        {
          requestId: request.id,
          stationRequestId: request.stationRequestId,
          reason: outcome.message,
        },
        'the station refused an approved request: it stays approved and is tried again later',
      );
    }
    if (outcome.kind !== 'sent' && outcome.kind !== 'gone') {
      await this.#repository.release(
        request.id,
        outcome.kind === 'refused' ? 'refused' : 'to_submit',
        noteOf(outcome),
      );
    }
    if (outcome.kind !== 'gone') this.#options.changed?.(request.id);
    return outcome;
  }
}

/** For the admin: what the station said, or why it said nothing. */
function noteOf(outcome: SendOutcome): string | null {
  switch (outcome.kind) {
    case 'refused':
      return stationWords(outcome.message);
    case 'rate-limited':
      return 'De zender vroeg even te wachten (te veel verzoeken tegelijk).';
    case 'unavailable':
      return 'De zender gaf geen antwoord.';
    default:
      return null;
  }
}
