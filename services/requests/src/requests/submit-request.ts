import { ownRequestFields, type OwnRequest } from '@radio/contracts';
import type { SessionUser } from '@radio/service-kit';
import { nonstopAzuraCastOf } from '@radio/station';
import type { DbTransactions } from '../db/transactions-repository.ts';
import type { AutomationQueue, WaitingEntry } from '../queue/automation-queue.ts';
import { judgeSubmit, type SubmitDecision } from './judge.ts';
import type { NowPlayingClock } from './now-playing-clock.ts';
import type { FactsBeforeLock, SubmitInput } from './judged-facts.ts';
import type { RequestFacts } from './request-facts.ts';
import { placedView, type RequestLists } from './request-lists.ts';
import { refusalError } from './request-refusal.ts';
import type { RequestRow, RequestsRepository } from './requests-repository.ts';
import { stationRefusal } from './station-refusals.ts';
import type { StationSubmissions } from './station-submissions.ts';
import { SameKeysInTurn } from './same-keys-in-turn.ts';

export interface SubmitRequestOptions {
  facts: RequestFacts;
  repository: RequestsRepository;
  /** Opens the transactions (with the requests' advisory locks) the repositories run in. */
  transactions: DbTransactions;
  queue: Pick<AutomationQueue, 'queueRequest' | 'waitingRequests'>;
  nowPlaying: Pick<NowPlayingClock, 'remainingSeconds'>;
  lists: Pick<RequestLists, 'tellOwner'>;
  /** Puts the acquisition job of an accepted Deezer request on its queue. */
  enqueueAcquisition: (requestId: number) => Promise<void>;
  /** Sends what was accepted for an AzuraCast station to its request API. */
  stationSubmissions: Pick<StationSubmissions, 'sendClaimed' | 'withdraw'>;
  clock: () => Date;
}

/**
 * POST /api/requests, one way through: the facts (request-facts.ts), once, in the transaction
 * that holds the submit's locks; the judge (judge.ts); the write; then the station or the queue
 * (queue/placement.ts) and the owner's live view.
 */
export class SubmitRequest {
  readonly #options: SubmitRequestOptions;
  /**
   * In this process a submit waits for the earlier ones it shares a lock key with until they are
   * placed too, so its facts show where they stand (the database's lock ends at their commit);
   * not for a station's answer.
   */
  readonly #inTurn = new SameKeysInTurn();

  constructor(options: SubmitRequestOptions) {
    this.#options = options;
  }

  async submit(
    user: SessionUser,
    input: SubmitInput,
    requesterIp: string | null,
  ): Promise<{ request: OwnRequest; created: boolean }> {
    const before = await this.#options.facts.beforeLock(user, input, requesterIp);
    const { created, toStation, ...written } = await this.#inTurn.run(
      lockKeysOf(before),
      async () => {
        const outcome = await this.#written(before);
        return { ...outcome, ...(await this.#placed(outcome.row, before)) };
      },
    );
    const row = created && toStation ? await this.#sentToStation(written.row, before) : written.row;
    // The job id is the request's: a retried submit enqueues nothing new.
    if (row.source === 'deezer' && row.downloadStatus === 'pending') {
      await this.#options.enqueueAcquisition(row.id);
    }
    const view = placedView(row, written.place, written.now);
    this.#options.lists.tellOwner(row, view);
    return { request: { ...view, ...ownRequestFields(row) }, created };
  }

  /** Facts, judge and write, in one transaction under the submit's locks. */
  async #written(
    before: FactsBeforeLock,
  ): Promise<{ row: RequestRow; created: boolean; toStation: boolean }> {
    const { facts, repository, transactions, clock } = this.#options;
    const outcome = await transactions.transaction(lockKeysOf(before), async (trx) => {
      const now = clock();
      const decision: SubmitDecision = judgeSubmit(await facts.underLock(trx, before, now), now);
      switch (decision.kind) {
        case 'refused':
          return decision;
        case 'retried': {
          const row = await repository.findById(decision.requestId, trx);
          return row ? { row, created: false, toStation: false } : decision;
        }
        case 'accepted': {
          const row = await repository.insert(trx, decision.request);
          return { row, created: true, toStation: decision.toStation };
        }
      }
    });
    if ('refusal' in outcome) throw refusalError(outcome.refusal);
    return outcome;
  }

  /**
   * An approved library track of the built-in station is placed now, in the batch of the submits
   * around it (a retry finds it placed: its place is read instead).
   */
  async #placed(
    row: RequestRow,
    before: FactsBeforeLock,
  ): Promise<{ place: WaitingEntry | undefined; now: Date }> {
    const { queue, nowPlaying, clock } = this.#options;
    const now = clock();
    const queuedHere = !before.track.found || before.track.track.stationRequestId === null;
    if (before.settings.broadcastingMode === 'live' || row.status !== 'approved' || !queuedHere) {
      return { place: undefined, now };
    }
    const remainingSeconds = () => nowPlaying.remainingSeconds(now);
    const place =
      (await queue.queueRequest(row.id, remainingSeconds)) ??
      (await queue.waitingRequests(await remainingSeconds())).find(
        (entry) => entry.requestId === row.id,
      );
    return { place, now };
  }

  /**
   * An AzuraCast station's track goes to its request API; its refusal withdraws the request. The
   * answer shows the row as sending left it.
   */
  async #sentToStation(row: RequestRow, before: FactsBeforeLock): Promise<RequestRow> {
    const { repository, stationSubmissions } = this.#options;
    const station = nonstopAzuraCastOf(before.settings);
    const stationRequestId = before.track.found ? before.track.track.stationRequestId : null;
    if (!station || !stationRequestId) return row;
    const sent = await stationSubmissions.sendClaimed(station, { id: row.id, stationRequestId });
    if (sent.kind === 'sent') return (await repository.findById(row.id)) ?? row;
    if (sent.kind !== 'gone') {
      await stationSubmissions.withdraw(row.id);
      throw stationRefusal(sent);
    }
    return row;
  }
}

/** The submit's locks: the requester, the track, its artist, their browser and address. */
function lockKeysOf({ requester, client, track: fact }: FactsBeforeLock): string[] {
  if (!fact.found) return [`user:${requester.id}`];
  const { track } = fact;
  return [
    `user:${requester.id}`,
    track.source === 'local'
      ? `track:local:${track.libraryTrackId}`
      : `track:deezer:${track.deezerId}`,
    `artist:${track.artist.trim().toLowerCase()}`,
    ...(client.browserFingerprint ? [`browser:${client.browserFingerprint}`] : []),
    ...(client.ip ? [`ip:${client.ip}`] : []),
  ];
}
