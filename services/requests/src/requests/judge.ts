/**
 * Where a request is judged: pure functions of the facts (request-facts.ts) and the time, no I/O
 * and no clock of their own. A submit (accept with the row to write, answer a retry with the
 * request it made, or refuse) and the verdicts of the search's candidates, so the reasons a
 * listener reads in the search are the refusals the server gives. An admin's status change:
 * judge-status-change.ts.
 */
import { DEFAULT_REQUESTS_PER_HOUR } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { nonstopAzuraCastOf } from '@radio/station';
import type { CandidateFacts, LimitFacts } from './request-facts-repository.ts';
import {
  bypassesLimits,
  type Candidate,
  type CandidateFactsOf,
  type Requester,
  type SubmitFacts,
} from './judged-facts.ts';
import { REASONS } from './request-texts.ts';
import type { NewSongRequest } from './requests-repository.ts';

export type RefusalCode =
  | 'NOT_REQUESTABLE'
  | 'DEEZER_NOT_READABLE'
  | 'DEEZER_UNAVAILABLE'
  | 'ALREADY_WAITING'
  | 'TRACK_COOLDOWN'
  | 'ARTIST_COOLDOWN'
  | 'NOT_AVAILABLE';

export type Verdict =
  | { available: true }
  | {
      available: false;
      /** Dutch, for the listener. */
      reason: string;
      code: RefusalCode;
      /** When it becomes possible (seconds from `now`), where that can be told. */
      retryAfterSeconds?: number;
      /** ALREADY_WAITING: the request it waits as. */
      waitingRequest?: CandidateFacts['waitingRequest'];
    };

/** A refusal as the client gets it: status, code, Dutch message, the wait in seconds if told. */
export interface Refusal {
  status: 400 | 404 | 409 | 429 | 503;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

export type SubmitDecision =
  | { kind: 'refused'; refusal: Refusal }
  /** A retried submit (this user's own request of this track, just now): answered with it. */
  | { kind: 'retried'; requestId: number; refusal: Refusal }
  /** `toStation`: sent to the AzuraCast station's request API once written (claimed now). */
  | { kind: 'accepted'; request: NewSongRequest; toStation: boolean };

const HOUR_S = 3600;
const DAY_S = 86_400;
/** A retried submit (same user, same track) within this returns the first request. */
const RETRY_WINDOW_MS = 60_000;
/** How long a waiting request takes to air when nothing better is known. */
const WAITING_ESTIMATE_S = 15 * 60;

const refuse = (
  status: Refusal['status'],
  code: string,
  message: string,
  retryAfterSeconds?: number,
): SubmitDecision => ({
  kind: 'refused',
  refusal: { status, code, message, ...(retryAfterSeconds && { retryAfterSeconds }) },
});

/** POST /api/requests: the first rule that fails refuses, in this order; else accepted. */
export function judgeSubmit(facts: SubmitFacts, now: Date): SubmitDecision {
  const { settings, requester, client, input, track: trackFact, underLock } = facts;
  if (!settings.requestsEnabled) {
    return refuse(409, 'REQUESTS_DISABLED', REASONS.requestsDisabled);
  }
  const requesterName = requester.name.trim();
  if (!requesterName) return refuse(400, 'NAME_REQUIRED', REASONS.noName);
  if (!trackFact.found || !underLock) return trackProblem(trackFact);
  const { track } = trackFact;
  const [verdict = refusedVerdict('NOT_AVAILABLE', REASONS.generic)] = verdictsOf(
    settings,
    [track],
    underLock,
    now,
    underLock.airing,
  );
  const limit = bypassesLimits(requester)
    ? null
    : limitRefusalOf(underLock.limits, settings, requester, now, underLock.airing);
  if (!verdict.available) {
    const refusal = limit ?? verdictRefusal(verdict);
    const waiting = verdict.waitingRequest;
    if (
      waiting?.userId === requester.id &&
      now.getTime() - waiting.requestedAt.getTime() <= RETRY_WINDOW_MS
    ) {
      return { kind: 'retried', requestId: waiting.id, refusal };
    }
    return { kind: 'refused', refusal };
  }
  if (limit) return { kind: 'refused', refusal: limit };
  if (underLock.voiceMessageUsable === false) {
    return refuse(409, 'VOICE_MESSAGE_UNAVAILABLE', REASONS.voiceMessageUnavailable);
  }
  // Listener audio never airs unreviewed; in live mode the DJ decides.
  const needsReview = settings.broadcastingMode === 'live' || input.voicetrackUrl !== undefined;
  // An AzuraCast station's track goes to its request API after the write; its refusal is ours.
  const toStation = !needsReview && track.stationRequestId !== null;
  if (toStation && !nonstopAzuraCastOf(settings)) {
    return refuse(409, 'NOT_AVAILABLE', REASONS.generic);
  }
  return {
    kind: 'accepted',
    toStation,
    request: {
      userId: requester.id,
      title: track.title,
      artist: track.artist,
      album: track.album,
      filename: track.filename,
      duration: track.duration,
      requesterName,
      requesterIp: client.ip,
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
    },
  };
}

function trackProblem(track: SubmitFacts['track']): SubmitDecision {
  switch (track.found ? 'no-track' : track.problem) {
    case 'not-in-library':
      return refuse(404, 'TRACK_NOT_FOUND', REASONS.trackNotFound);
    case 'not-at-deezer':
      return refuse(404, 'TRACK_NOT_FOUND', REASONS.deezerTrackNotFound);
    case 'deezer-unreachable':
      return refuse(503, 'DEEZER_UNAVAILABLE', REASONS.deezerUnreachable, 60);
    default:
      return refuse(400, 'TRACK_REQUIRED', REASONS.noTrack);
  }
}

const verdictRefusal = (verdict: Extract<Verdict, { available: false }>): Refusal => ({
  status: 409,
  code: verdict.code,
  message: verdict.reason,
  ...(verdict.retryAfterSeconds === undefined
    ? {}
    : { retryAfterSeconds: verdict.retryAfterSeconds }),
});

/** The dj_settings fields a verdict reads. */
export type VerdictSettings = Pick<DjSettingsRow, 'deezerArl'>;

/**
 * A verdict per candidate, in order. `airing`: seconds until waiting requests have aired, where
 * known; a track waiting as one of them is free again once it aired and its cooldown passed.
 */
export function verdictsOf(
  settings: VerdictSettings,
  candidates: readonly Candidate[],
  { facts, cooldowns, deezerDownloader }: CandidateFactsOf,
  now: Date,
  airing: ReadonlyMap<number, number> = new Map(),
): Verdict[] {
  const deezerPossible = Boolean(settings.deezerArl?.trim()) && deezerDownloader;
  return candidates.map((candidate, index) => {
    const fact = facts[index];
    if (!fact) return refusedVerdict('NOT_AVAILABLE', REASONS.generic);
    const verdict = verdictOf(candidate, fact, {
      trackCooldown: cooldowns.trackSeconds,
      artistCooldown: cooldowns.artistSeconds,
      deezerPossible,
      now,
    });
    const aired = verdict.available ? undefined : airing.get(verdict.waitingRequest?.id ?? NaN);
    return aired === undefined
      ? verdict
      : { ...verdict, retryAfterSeconds: Math.max(60, aired + cooldowns.trackSeconds) };
  });
}

const secondsBetween = (later: Date, earlier: Date): number =>
  Math.max(1, Math.ceil((later.getTime() - earlier.getTime()) / 1000));

const refusedVerdict = (
  code: RefusalCode,
  reason: string,
  retryAfterSeconds?: number,
): Extract<Verdict, { available: false }> => ({
  available: false,
  code,
  reason,
  retryAfterSeconds,
});

function verdictOf(
  candidate: Candidate,
  fact: CandidateFacts,
  context: { trackCooldown: number; artistCooldown: number; deezerPossible: boolean; now: Date },
): Verdict {
  const { trackCooldown, artistCooldown, now } = context;
  if (candidate.source === 'local' && !candidate.requestable) {
    return refusedVerdict('NOT_REQUESTABLE', REASONS.notRequestable);
  }
  if (candidate.source === 'deezer') {
    if (!candidate.readable)
      return refusedVerdict('DEEZER_NOT_READABLE', REASONS.deezerNotReadable);
    if (!context.deezerPossible) {
      return refusedVerdict('DEEZER_UNAVAILABLE', REASONS.deezerUnavailable);
    }
  }
  // Once it has aired it is in the track cooldown (or free, without one).
  if (fact.trackWaiting) {
    const wait = Math.max(trackCooldown, WAITING_ESTIMATE_S);
    return {
      ...refusedVerdict('ALREADY_WAITING', REASONS.waiting, wait),
      waitingRequest: fact.waitingRequest,
    };
  }
  if (trackCooldown > 0 && fact.trackPlayedAt) {
    const wait = secondsBetween(new Date(fact.trackPlayedAt.getTime() + trackCooldown * 1000), now);
    return refusedVerdict('TRACK_COOLDOWN', REASONS.trackCooldown(wait), wait);
  }
  if (artistCooldown > 0 && fact.artistPlayedAt) {
    const ends = new Date(fact.artistPlayedAt.getTime() + artistCooldown * 1000);
    const wait = secondsBetween(ends, now);
    return refusedVerdict('ARTIST_COOLDOWN', REASONS.artistCooldown(wait), wait);
  }
  // A waiting request of the artist airs soon: counted as a play from now on.
  if (artistCooldown > 0 && fact.artistWaiting) {
    return refusedVerdict(
      'ARTIST_COOLDOWN',
      REASONS.artistCooldown(artistCooldown),
      artistCooldown,
    );
  }
  return { available: true };
}

/**
 * The requester's rate limits (per hour, per day), then the waiting limits of their browser and
 * address: 429 with the wait.
 */
function limitRefusalOf(
  counts: LimitFacts,
  settings: Pick<DjSettingsRow, 'maxRequestsPerBrowser' | 'maxRequestsPerIp'>,
  requester: Requester,
  now: Date,
  airing: ReadonlyMap<number, number>,
): Refusal | null {
  const perHour = requester.customRequestsPerHour ?? DEFAULT_REQUESTS_PER_HOUR;
  const rates = [
    ['HOURLY_LIMIT', perHour, counts.lastHour, counts.oldestInHour, HOUR_S],
    ['DAILY_LIMIT', requester.customRequestsPerDay, counts.lastDay, counts.oldestInDay, DAY_S],
  ] as const;
  for (const [code, limit, count, oldest, seconds] of rates) {
    if (limit === null || count < limit) continue;
    // Possible again when the oldest request in the window leaves it.
    const wait = oldest
      ? secondsBetween(new Date(oldest.getTime() + seconds * 1000), now)
      : seconds;
    return limitRefusal(code, REASONS.rateLimit(wait), wait);
  }
  const waitingLimits = [
    ['BROWSER_LIMIT', counts.browserWaiting, settings.maxRequestsPerBrowser, REASONS.browserLimit],
    ['IP_LIMIT', counts.ipWaiting, settings.maxRequestsPerIp, REASONS.ipLimit],
  ] as const;
  for (const [code, waiting, limit, message] of waitingLimits) {
    if (waiting.length < limit) continue;
    // Possible again once the first of them has aired (an estimate while none is queued).
    const aired = waiting.flatMap((id) => airing.get(id) ?? []);
    const wait = Math.max(60, aired.length > 0 ? Math.min(...aired) : WAITING_ESTIMATE_S);
    return limitRefusal(code, message(waiting.length, wait), wait);
  }
  return null;
}

const limitRefusal = (code: string, message: string, wait: number): Refusal => ({
  status: 429,
  code,
  message,
  retryAfterSeconds: wait,
});
