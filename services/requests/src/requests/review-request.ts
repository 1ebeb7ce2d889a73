import type { AdminRequest, RequestStatusValue } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import { nonstopAzuraCastOf } from '@radio/station';
import type { DbTransactions } from '../db/transactions-repository.ts';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import { judgeStatusChange } from './judge-status-change.ts';
import type { RequestFactsRepository } from './request-facts-repository.ts';
import { adminView, type RequestLists } from './request-lists.ts';
import { refusalError } from './request-refusal.ts';
import type { RequestsRepository } from './requests-repository.ts';
import { stationRefusal } from './station-refusals.ts';
import type { StationSubmissions } from './station-submissions.ts';

export interface ReviewRequestOptions {
  repository: RequestsRepository;
  factsRepository: Pick<RequestFactsRepository, 'findLibraryTrack'>;
  transactions: DbTransactions;
  queue: Pick<AutomationQueue, 'stationRequestIdOf' | 'removeRequest' | 'queueApprovedIn'>;
  settings: () => Promise<DjSettingsRow>;
  lists: Pick<RequestLists, 'withPlaces' | 'tellOwner'>;
  stationSubmissions: Pick<StationSubmissions, 'sendClaimed' | 'unapprove'>;
  clock: () => Date;
}

/**
 * PATCH /api/requests/:id/status, one way through: the request (locked) and its track, the judge
 * (judge.ts judgeStatusChange), the write with its queue change, then the station's request API
 * and the owner's live view.
 */
export class ReviewRequest {
  readonly #options: ReviewRequestOptions;

  constructor(options: ReviewRequestOptions) {
    this.#options = options;
  }

  async setStatus(
    id: number,
    status: 'approved' | 'rejected' | 'played',
    reviewer: Pick<SessionUser, 'name' | 'email'>,
  ): Promise<{ request: AdminRequest; previousStatus: RequestStatusValue }> {
    const { repository, factsRepository, transactions, queue, clock } = this.#options;
    const settings = await this.#options.settings();
    const changed = await transactions.transaction([`request:${id}`], async (trx) => {
      const now = clock();
      const current = await repository.findForUpdate(trx, id);
      const track =
        current?.libraryTrackId == null
          ? undefined
          : await factsRepository.findLibraryTrack(Number(current.libraryTrackId), trx);
      const decision = judgeStatusChange(
        {
          current,
          status,
          reviewer,
          settings,
          stationRequestId: track ? queue.stationRequestIdOf(track) : null,
        },
        now,
      );
      if (decision.kind === 'refused') return decision;
      const row = await repository.update(trx, id, decision.changes);
      if (decision.queue === 'remove') await queue.removeRequest(trx, id);
      else if (decision.queue === 'place') await queue.queueApprovedIn(trx, [id]);
      return { ...decision, row };
    });
    if (changed.kind === 'refused') throw refusalError(changed.refusal);
    let { row } = changed;
    const station = nonstopAzuraCastOf(settings);
    if (changed.toStation && station) {
      const submissions = this.#options.stationSubmissions;
      const sent = await submissions.sendClaimed(station, { id, ...changed.toStation });
      if (sent.kind !== 'sent' && sent.kind !== 'gone') {
        await submissions.unapprove(id, sent);
        throw stationRefusal(sent);
      }
      row = (await repository.findById(id)) ?? row;
    }
    const [view] = await this.#options.lists.withPlaces([row]);
    if (view) this.#options.lists.tellOwner(row, view);
    return { request: adminView(row, view), previousStatus: changed.previousStatus };
  }
}
