import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, DjSettingsRow } from '@radio/db';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import {
  azuraCastRefusal,
  postAzuraCastRequest,
  type AzuraCastStation,
} from './azuracast-requests.ts';
import {
  StationSubmissionsRepository,
  type UnsubmittedRequest,
} from './station-submissions-repository.ts';

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
  clock?: () => Date;
  /** AzuraCast takes 2 request calls per 5 s per address: after its 429 the pass waits this long. */
  rateLimitWaitMs?: number;
  /** A pass waits out rate limits only this long in all; what is left goes at the next pass. */
  budgetMs?: number;
}

type Outcome =
  | { kind: 'sent' | 'gone' | 'refused' | 'rate-limited' }
  /** The station takes nothing now: no answer, an error of its own, or a wait of minutes. */
  | { kind: 'unavailable'; reason: string };

/**
 * Requests approved while they could not go to the station's request API (a live show) go there
 * once the station is back in nonstop: at the switch and at start, oldest approval first, each
 * exactly once (station_submitted_at, set in the transaction that holds the request's row lock;
 * one pass at a time across copies of the service). AzuraCast refusing one leaves it approved and
 * unsent for the next pass; an unreachable station ends the pass without failing anything.
 */
export class StationSubmissions {
  readonly #repository: StationSubmissionsRepository;
  readonly #options: StationSubmissionsOptions;
  readonly #clock: () => Date;

  constructor(options: StationSubmissionsOptions) {
    this.#repository = new StationSubmissionsRepository(options.db);
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
  }

  /** Sends every approved, unsent request of a station track when the mode is nonstop. */
  submitApproved(): Promise<StationSubmissionCount> {
    return this.#repository.exclusively(async () => {
      // Read under the pass lock: an admin may have switched back to live meanwhile.
      const settings = await this.#options.settings();
      if (settings.broadcastingMode !== 'nonstop') return NOTHING_SUBMITTED;
      const waiting = (await this.#repository.unsubmitted()).flatMap((request) => {
        const stationRequestId = this.#options.queue.stationRequestIdOf(request);
        return stationRequestId === null ? [] : [{ id: request.id, stationRequestId }];
      });
      if (waiting.length === 0) return NOTHING_SUBMITTED;
      const nowPlayingUrl = settings.nonstopUrl?.trim();
      if (!nowPlayingUrl) {
        this.#options.log.warn(
          { requestIds: waiting.map((request) => request.id) },
          'approved requests wait for the station: no nonstop station is set',
        );
        return { sent: 0, notSent: waiting.length };
      }
      return this.#send({ nowPlayingUrl, apiKey: settings.nonstopApiKey }, waiting);
    });
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
            reason: outcome.kind === 'unavailable' ? outcome.reason : 'rate limited (HTTP 429)',
          },
          'the station took no more requests: they go at the next switch to nonstop or start',
        );
        count.notSent += left.length;
        break;
      }
    }
    if (count.sent > 0) log.info({ ...count }, 'approved requests sent to the station');
    return count;
  }

  /** One request, in a transaction that locks it while AzuraCast is asked. */
  #submitOne(
    station: AzuraCastStation,
    request: Pick<UnsubmittedRequest, 'id'> & { stationRequestId: string },
  ): Promise<Outcome> {
    return this.#repository.transaction(async (repository): Promise<Outcome> => {
      if (!(await repository.claim(request.id))) return { kind: 'gone' };
      let answer: { status: number; message: string };
      try {
        answer = await postAzuraCastRequest(station, request.stationRequestId);
      } catch {
        return { kind: 'unavailable', reason: 'no answer' };
      }
      if (answer.status >= 200 && answer.status < 300) {
        await repository.markSubmitted(request.id, this.#clock());
        return { kind: 'sent' };
      }
      const refusal = azuraCastRefusal(answer.status, answer.message);
      if (refusal.code === 'STATION_RATE_LIMIT') return { kind: 'rate-limited' };
      // An error of AzuraCast's own, or its per-address wait of minutes: the next ones fare no better.
      if (refusal.code === 'STATION_UNAVAILABLE' || refusal.code === 'HOURLY_LIMIT') {
        return { kind: 'unavailable', reason: `HTTP ${answer.status}: ${answer.message}` };
      }
      this.#options.log.warn(
        {
          requestId: request.id,
          stationRequestId: request.stationRequestId,
          status: answer.status,
          reason: answer.message,
        },
        'the station refused an approved request: it stays approved and is tried again later',
      );
      return { kind: 'refused' };
    });
  }
}
