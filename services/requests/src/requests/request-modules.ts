import type { OwnRequest } from '@radio/contracts';
import type { Db, DjSettingsRow } from '@radio/db';
import { DbTransactions } from '../db/transactions-repository.ts';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import { ApprovedRequests } from './approved-requests.ts';
import { verdictsOf, type Verdict } from './judge.ts';
import type { NowPlayingClock } from './now-playing-clock.ts';
import type { Candidate, LookupDeezerTrack, Requester } from './judged-facts.ts';
import { RequestFacts } from './request-facts.ts';
import { RequestFactsRepository } from './request-facts-repository.ts';
import { RequestLists } from './request-lists.ts';
import { RequestsRepository } from './requests-repository.ts';
import { ReviewRequest } from './review-request.ts';
import type { StationSubmissions } from './station-submissions.ts';
import { SubmitRequest } from './submit-request.ts';

export interface RequestModulesDeps {
  db: Db;
  queue: AutomationQueue;
  settings: () => Promise<DjSettingsRow>;
  nowPlaying: NowPlayingClock;
  lookupDeezerTrack: LookupDeezerTrack;
  /** A worker with a downloader (DEEZER_DOWNLOAD_COMMAND) runs: Deezer tracks can be had. */
  deezerDownloaderAvailable: () => Promise<boolean>;
  /** Puts the acquisition job of an accepted Deezer request on its queue. */
  enqueueAcquisition: (requestId: number) => Promise<void>;
  /** Sends what was approved for an AzuraCast station to its request API. */
  stationSubmissions: StationSubmissions;
  /** One of a listener's requests changed: its new view goes to them (live push). */
  requestChanged?: (userId: number, request: OwnRequest) => void;
  clock?: (() => Date) | undefined;
}

/** The search's verdicts of its candidates (judge.ts verdictsOf on their facts). */
export interface SearchVerdicts {
  judge(
    requester: Requester,
    candidates: Candidate[],
    now: Date,
    settings: DjSettingsRow,
  ): Promise<Verdict[]>;
}

export interface RequestModules {
  submit: SubmitRequest;
  review: ReviewRequest;
  lists: RequestLists;
  approved: ApprovedRequests;
  rules: SearchVerdicts;
}

/** The requests' modules by job, built on one set of repositories. */
export function createRequestModules(deps: RequestModulesDeps): RequestModules {
  const clock = deps.clock ?? (() => new Date());
  const repository = new RequestsRepository(deps.db);
  const factsRepository = new RequestFactsRepository(deps.db);
  const transactions = new DbTransactions(deps.db);
  const { queue, settings, nowPlaying, stationSubmissions } = deps;
  const facts = new RequestFacts({
    repository: factsRepository,
    queue,
    nowPlaying,
    settings,
    lookupDeezerTrack: deps.lookupDeezerTrack,
    deezerDownloaderAvailable: deps.deezerDownloaderAvailable,
  });
  const lists = new RequestLists({
    repository,
    queue,
    nowPlaying,
    settings,
    requestChanged: deps.requestChanged,
    clock,
  });
  return {
    submit: new SubmitRequest({
      facts,
      repository,
      transactions,
      queue,
      nowPlaying,
      lists,
      enqueueAcquisition: deps.enqueueAcquisition,
      stationSubmissions,
      clock,
    }),
    review: new ReviewRequest({
      repository,
      factsRepository,
      transactions,
      queue,
      settings,
      lists,
      stationSubmissions,
      clock,
    }),
    lists,
    approved: new ApprovedRequests({ queue, stationSubmissions, settings }),
    rules: {
      judge: async (requester, candidates, now, rowSettings) =>
        verdictsOf(
          rowSettings,
          candidates,
          await facts.ofCandidates(requester, candidates, now, rowSettings),
          now,
        ),
    },
  };
}
