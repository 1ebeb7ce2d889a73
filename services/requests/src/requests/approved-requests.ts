import type { DjSettingsRow } from '@radio/db';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import {
  NOTHING_SUBMITTED,
  type StationSubmissionCount,
  type StationSubmissions,
} from './station-submissions.ts';

export interface ApprovedRequestsOptions {
  queue: Pick<AutomationQueue, 'queueApproved'>;
  stationSubmissions: Pick<StationSubmissions, 'submitApproved'>;
  settings: () => Promise<DjSettingsRow>;
}

/**
 * Approved requests that could not go their way at once: queued in nonstop mode, or sent to the
 * station's request API (AzuraCast), when that becomes possible.
 */
export class ApprovedRequests {
  readonly #options: ApprovedRequestsOptions;

  constructor(options: ApprovedRequestsOptions) {
    this.#options = options;
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
    const queued = await this.#queueInNonstop([requestId]);
    await this.#options.stationSubmissions.submitApproved();
    return queued;
  }

  /**
   * At start: queue what is approved and ready but not queued (a missed message), and send to
   * the station what was approved but never sent (a refusal or outage at the last switch).
   * Answers how many were queued.
   */
  async reconcile(): Promise<number> {
    const queued = await this.#queueInNonstop();
    await this.#options.stationSubmissions.submitApproved();
    return queued;
  }

  async #queueInNonstop(requestIds?: number[]): Promise<number> {
    const settings = await this.#options.settings();
    if (settings.broadcastingMode !== 'nonstop') return 0;
    return this.#options.queue.queueApproved(requestIds);
  }
}
