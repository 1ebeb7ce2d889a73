/**
 * Everything the judge (judge.ts) reads (judged-facts.ts), loaded once: the settings and the track before the
 * submit's lock (its keys name the track), the rest inside its transaction. Nothing here decides.
 */
import { VOICE_MESSAGE_UNUSED_HOURS, voiceMessageObjectKey } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { HttpError, type SessionUser } from '@radio/service-kit';
import type { Tx } from '../db/transactions-repository.ts';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import type { NowPlayingClock } from './now-playing-clock.ts';
import {
  cooldownsOf,
  type Candidate,
  type CandidateFactsOf,
  type FactsBeforeLock,
  type LookupDeezerTrack,
  type Requester,
  type SubmitFacts,
  type SubmitInput,
  type SubmittedTrack,
  type TrackFact,
} from './judged-facts.ts';
import type { CandidateKey, RequestFactsRepository } from './request-facts-repository.ts';

const HOUR_S = 3600;
const DAY_S = 86_400;

export interface RequestFactsOptions {
  repository: RequestFactsRepository;
  queue: Pick<AutomationQueue, 'stationRequestIdOf' | 'waitingRequests'>;
  nowPlaying: Pick<NowPlayingClock, 'remainingSeconds'>;
  settings: () => Promise<DjSettingsRow>;
  lookupDeezerTrack: LookupDeezerTrack;
  /** A worker with a downloader (DEEZER_DOWNLOAD_COMMAND) runs: Deezer tracks can be had. */
  deezerDownloaderAvailable: () => Promise<boolean>;
}

export class RequestFacts {
  readonly #options: RequestFactsOptions;

  constructor(options: RequestFactsOptions) {
    this.#options = options;
  }

  async beforeLock(user: SessionUser, input: SubmitInput, ip: string | null) {
    const [settings, track] = await Promise.all([this.#options.settings(), this.#track(input)]);
    const client = { ip, browserFingerprint: input.browserFingerprint ?? null };
    return { settings, requester: user, client, input, track } satisfies FactsBeforeLock;
  }

  /** The rest, in the submit's transaction (`trx`, holding its lock). */
  async underLock(trx: Tx, before: FactsBeforeLock, now: Date): Promise<SubmitFacts> {
    if (!before.track.found) return before;
    const { track } = before.track;
    const { settings, requester, client, input } = before;
    const cooldowns = cooldownsOf(requester, settings);
    const windows = {
      hourFrom: secondsBefore(now, HOUR_S),
      dayFrom: secondsBefore(now, requester.customRequestsPerDay === null ? HOUR_S : DAY_S),
    };
    const voicetrackUrl = input.voicetrackUrl;
    const [{ limits, candidate }, voiceMessage, deezerDownloader] = await Promise.all([
      this.#options.repository.submitFacts(
        { userId: requester.id, windows, client },
        candidateKeyOf(track),
        secondsBefore(now, cooldowns.trackSeconds),
        secondsBefore(now, cooldowns.artistSeconds),
        trx,
      ),
      voicetrackUrl === undefined
        ? undefined
        : this.#options.repository.findUsableVoiceMessage(
            trx,
            requester.id,
            voiceMessageObjectKey(voicetrackUrl),
            voicetrackUrl,
            secondsBefore(now, VOICE_MESSAGE_UNUSED_HOURS * HOUR_S),
          ),
      this.#deezerDownloader([track]),
    ]);
    // The queue is long: it is read only when a refusal would name when these requests air.
    const named = [
      ...(candidate.waitingRequest ? [candidate.waitingRequest.id] : []),
      ...(limits.browserWaiting.length >= settings.maxRequestsPerBrowser
        ? limits.browserWaiting
        : []),
      ...(limits.ipWaiting.length >= settings.maxRequestsPerIp ? limits.ipWaiting : []),
    ];
    return {
      ...before,
      underLock: {
        cooldowns,
        deezerDownloader,
        facts: [candidate],
        limits,
        voiceMessageUsable: voicetrackUrl === undefined ? null : voiceMessage !== undefined,
        airing: named.length === 0 ? new Map() : await this.#airing(named, now),
      },
    };
  }

  /** The facts of many candidate tracks (the search's results), in two queries at most. */
  async ofCandidates(
    requester: Requester,
    candidates: Candidate[],
    now: Date,
    settings: Pick<DjSettingsRow, 'trackCooldownHours' | 'artistCooldownHours'>,
  ): Promise<CandidateFactsOf> {
    const cooldowns = cooldownsOf(requester, settings);
    const [facts, deezerDownloader] = await Promise.all([
      this.#options.repository.candidateFacts(
        candidates.map(candidateKeyOf),
        secondsBefore(now, cooldowns.trackSeconds),
        secondsBefore(now, cooldowns.artistSeconds),
      ),
      this.#deezerDownloader(candidates),
    ]);
    return { cooldowns, deezerDownloader, facts };
  }

  async #deezerDownloader(candidates: Candidate[]): Promise<boolean> {
    if (!candidates.some((candidate) => candidate.source === 'deezer')) return false;
    return this.#options.deezerDownloaderAvailable();
  }

  async #airing(requestIds: number[], now: Date): Promise<Map<number, number>> {
    const remaining = await this.#options.nowPlaying.remainingSeconds(now);
    const ids = new Set(requestIds);
    const airing = new Map<number, number>();
    for (const entry of await this.#options.queue.waitingRequests(remaining)) {
      if (ids.has(entry.requestId)) {
        airing.set(entry.requestId, entry.startsInSeconds + entry.durationSeconds);
      }
    }
    return airing;
  }

  async #track(input: SubmitInput): Promise<TrackFact> {
    if (
      input.source === 'deezer' ||
      (input.deezerId && input.libraryTrackId === undefined && !input.filename)
    ) {
      if (!input.deezerId) return { found: false, problem: 'no-track' };
      let found;
      try {
        found = await this.#options.lookupDeezerTrack(input.deezerId);
      } catch (error) {
        // Its 503 is the judge's to give, after the refusals that come before it.
        if (error instanceof HttpError && error.code === 'DEEZER_UNAVAILABLE') {
          return { found: false, problem: 'deezer-unreachable' };
        }
        throw error;
      }
      if (!found) return { found: false, problem: 'not-at-deezer' };
      return { found: true, track: deezerTrackOf(input.deezerId, found) };
    }
    const { repository, queue } = this.#options;
    let row;
    if (input.libraryTrackId !== undefined) {
      row = await repository.findLibraryTrack(input.libraryTrackId);
    } else if (input.filename) row = await repository.findLibraryTrackByPath(input.filename);
    else return { found: false, problem: 'no-track' };
    if (!row) return { found: false, problem: 'not-in-library' };
    return {
      found: true,
      track: {
        source: 'local',
        libraryTrackId: Number(row.id),
        title: row.title,
        artist: row.artist,
        requestable: row.requestable,
        stationRequestId: queue.stationRequestIdOf(row),
        album: row.album || null,
        duration: row.duration,
        filename: row.path,
      },
    };
  }
}

const secondsBefore = (now: Date, seconds: number): Date =>
  new Date(now.getTime() - seconds * 1000);

const deezerTrackOf = (
  deezerId: string,
  found: NonNullable<Awaited<ReturnType<LookupDeezerTrack>>>,
): SubmittedTrack => ({
  source: 'deezer',
  deezerId,
  title: found.title,
  artist: found.artist,
  readable: found.readable,
  stationRequestId: null,
  album: found.album || null,
  duration: Math.max(0, Math.round(found.duration)),
  filename: null,
});

const candidateKeyOf = (candidate: Candidate): CandidateKey => ({
  title: candidate.title,
  artist: candidate.artist,
  libraryTrackId: candidate.source === 'local' ? candidate.libraryTrackId : null,
  deezerId: candidate.source === 'deezer' ? candidate.deezerId : null,
});
