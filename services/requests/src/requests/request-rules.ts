/**
 * The one module that decides whether a track may be requested: for the search results (a batch
 * of candidates, two queries in all) and for POST /api/requests (inside its transaction), so the
 * reasons a listener reads in the search are the refusals the server gives.
 */
import { DEFAULT_REQUESTS_PER_HOUR } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import type { Tx } from '../db/transactions-repository.ts';
import type { RequestsRepository } from './requests-repository.ts';
import type { CandidateFacts, CandidateKey, LimitFacts } from './requests-repository.ts';
import { REASONS } from './request-texts.ts';

export type Requester = Pick<
  SessionUser,
  | 'id'
  | 'role'
  | 'customRequestsPerHour'
  | 'customRequestsPerDay'
  | 'customCooldownMinutes'
  | 'canBypassLimits'
>;

export type Candidate =
  | {
      source: 'local';
      /** library_tracks.id */
      libraryTrackId: number;
      title: string;
      artist: string;
      requestable: boolean;
    }
  | {
      source: 'deezer';
      deezerId: string;
      title: string;
      artist: string;
      /** Deezer's `readable`. */
      readable: boolean;
    };

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

/** The dj_settings fields the rules read. */
export type RuleSettings = Pick<
  DjSettingsRow,
  | 'trackCooldownHours'
  | 'artistCooldownHours'
  | 'deezerArl'
  | 'maxRequestsPerBrowser'
  | 'maxRequestsPerIp'
>;

export interface RequestRulesOptions {
  repository: RequestsRepository;
  settings: () => Promise<RuleSettings>;
  /**
   * A worker with a downloader (DEEZER_DOWNLOAD_COMMAND) is running: Deezer tracks can be
   * acquired at all.
   */
  deezerDownloaderAvailable: () => Promise<boolean>;
}

const HOUR_S = 3600;
const DAY_S = 86_400;

export const bypassesLimits = (requester: Requester): boolean =>
  requester.canBypassLimits || requester.role === 'admin';

/** The track cooldown that applies to this requester, in seconds. */
export const trackCooldownSeconds = (requester: Requester, settings: RuleSettings): number =>
  requester.customCooldownMinutes !== null
    ? requester.customCooldownMinutes * 60
    : settings.trackCooldownHours * HOUR_S;

const secondsBetween = (later: Date, earlier: Date): number =>
  Math.max(1, Math.ceil((later.getTime() - earlier.getTime()) / 1000));

const refuse = (
  code: RefusalCode,
  reason: string,
  retryAfterSeconds?: number,
): Extract<Verdict, { available: false }> => ({
  available: false,
  code,
  reason,
  retryAfterSeconds,
});

/** A per-user or per-browser/address limit reached: 429 with the wait. */
export interface LimitRefusal {
  code: 'HOURLY_LIMIT' | 'DAILY_LIMIT' | 'BROWSER_LIMIT' | 'IP_LIMIT';
  message: string;
  retryAfterSeconds: number;
}

export interface RequesterClient {
  ip: string | null;
  browserFingerprint: string | null;
}

/** Seconds until the first of these waiting requests has aired; null when none is queued. */
export type WaitUntilAired = (requestIds: number[]) => Promise<number | null>;

/** How long a waiting request takes to air when nothing better is known. */
const WAITING_ESTIMATE_S = 15 * 60;

export class RequestRules {
  readonly #repository: RequestsRepository;
  readonly #settings: () => Promise<RuleSettings>;
  readonly #deezerDownloaderAvailable: () => Promise<boolean>;

  constructor(options: RequestRulesOptions) {
    this.#repository = options.repository;
    this.#settings = options.settings;
    this.#deezerDownloaderAvailable = options.deezerDownloaderAvailable;
  }

  /**
   * A verdict per candidate, in order (for the search: 25 + 25 candidates in two queries).
   * `settings`: the dj_settings row when the caller has already read it.
   */
  async judge(
    requester: Requester,
    candidates: Candidate[],
    now: Date,
    settings?: RuleSettings,
  ): Promise<Verdict[]> {
    const rules = settings ?? (await this.#settings());
    const cooldowns = cooldownsOf(requester, rules, now);
    const facts = await this.#repository.candidateFacts(
      candidates.map(candidateKeyOf),
      cooldowns.trackFrom,
      cooldowns.artistFrom,
    );
    return this.#verdicts(rules, candidates, facts, cooldowns, now);
  }

  /**
   * A request submit's whole judgement in one query, in `trx` (the submit's transaction) or on its
   * own: the requester's rate limits (per hour, per day) and the waiting limits of their browser
   * and address (none for admins and canBypassLimits users), and the track's verdict as `judge`
   * gives it.
   */
  async assess(
    settings: RuleSettings,
    requester: Requester,
    client: RequesterClient,
    candidate: Candidate,
    now: Date,
    { trx, untilAired = async () => null }: { trx?: Tx; untilAired?: WaitUntilAired } = {},
  ): Promise<{ limit: LimitRefusal | null; verdict: Verdict }> {
    const cooldowns = cooldownsOf(requester, settings, now);
    const facts = await this.#repository.submitFacts(
      { userId: requester.id, windows: limitWindowsOf(requester, now), client },
      candidateKeyOf(candidate),
      cooldowns.trackFrom,
      cooldowns.artistFrom,
      trx,
    );
    const [verdict] = await this.#verdicts(
      settings,
      [candidate],
      [facts.candidate],
      cooldowns,
      now,
      untilAired,
    );
    return {
      limit: bypassesLimits(requester)
        ? null
        : await limitRefusalOf(facts.limits, settings, requester, now, untilAired),
      verdict: verdict ?? refuse('NOT_AVAILABLE', REASONS.generic),
    };
  }

  async #verdicts(
    settings: RuleSettings,
    candidates: Candidate[],
    facts: CandidateFacts[],
    cooldowns: Cooldowns,
    now: Date,
    untilAired?: WaitUntilAired,
  ): Promise<Verdict[]> {
    const { trackCooldown, artistCooldown } = cooldowns;
    const deezerPossible =
      candidates.some((candidate) => candidate.source === 'deezer') &&
      Boolean(settings.deezerArl?.trim()) &&
      (await this.#deezerDownloaderAvailable());
    const verdicts = candidates.map((candidate, index) => {
      const fact = facts[index];
      if (!fact) return refuse('NOT_AVAILABLE', REASONS.generic);
      return verdictOf(candidate, fact, { trackCooldown, artistCooldown, deezerPossible, now });
    });
    if (!untilAired) return verdicts;
    // Where it can be told: a waiting track is free again once aired and out of its cooldown.
    return Promise.all(
      verdicts.map(async (verdict) => {
        const waitingId = verdict.available ? undefined : verdict.waitingRequest?.id;
        if (waitingId === undefined) return verdict;
        const aired = await untilAired([waitingId]);
        return aired === null
          ? verdict
          : { ...verdict, retryAfterSeconds: Math.max(60, aired + trackCooldown) };
      }),
    );
  }
}

interface Cooldowns {
  /** Seconds; 0 for a requester who bypasses the limits. */
  trackCooldown: number;
  artistCooldown: number;
  trackFrom: Date;
  artistFrom: Date;
}

function cooldownsOf(requester: Requester, settings: RuleSettings, now: Date): Cooldowns {
  const bypass = bypassesLimits(requester);
  const trackCooldown = bypass ? 0 : trackCooldownSeconds(requester, settings);
  const artistCooldown = bypass ? 0 : settings.artistCooldownHours * HOUR_S;
  return {
    trackCooldown,
    artistCooldown,
    trackFrom: new Date(now.getTime() - trackCooldown * 1000),
    artistFrom: new Date(now.getTime() - artistCooldown * 1000),
  };
}

const candidateKeyOf = (candidate: Candidate): CandidateKey => ({
  title: candidate.title,
  artist: candidate.artist,
  libraryTrackId: candidate.source === 'local' ? candidate.libraryTrackId : null,
  deezerId: candidate.source === 'deezer' ? candidate.deezerId : null,
});

/** The windows the rate limits count requests in (the day only when there is a daily limit). */
const limitWindowsOf = (requester: Requester, now: Date) => ({
  hourFrom: new Date(now.getTime() - HOUR_S * 1000),
  dayFrom: new Date(
    now.getTime() - (requester.customRequestsPerDay === null ? HOUR_S : DAY_S) * 1000,
  ),
});

async function limitRefusalOf(
  counts: LimitFacts,
  settings: RuleSettings,
  requester: Requester,
  now: Date,
  untilAired: WaitUntilAired,
): Promise<LimitRefusal | null> {
  const perHour = requester.customRequestsPerHour ?? DEFAULT_REQUESTS_PER_HOUR;
  const perDay = requester.customRequestsPerDay;
  const windows = [
    {
      code: 'HOURLY_LIMIT',
      limit: perHour,
      count: counts.lastHour,
      oldest: counts.oldestInHour,
      seconds: HOUR_S,
    },
    {
      code: 'DAILY_LIMIT',
      limit: perDay,
      count: counts.lastDay,
      oldest: counts.oldestInDay,
      seconds: DAY_S,
    },
  ] as const;
  for (const window of windows) {
    if (window.limit === null || window.count < window.limit) continue;
    // Possible again when the oldest request in the window leaves it.
    const wait = window.oldest
      ? secondsBetween(new Date(window.oldest.getTime() + window.seconds * 1000), now)
      : window.seconds;
    return { code: window.code, message: REASONS.rateLimit(wait), retryAfterSeconds: wait };
  }
  const waitingLimits = [
    {
      code: 'BROWSER_LIMIT',
      waiting: counts.browserWaiting,
      limit: settings.maxRequestsPerBrowser,
      message: REASONS.browserLimit,
    },
    {
      code: 'IP_LIMIT',
      waiting: counts.ipWaiting,
      limit: settings.maxRequestsPerIp,
      message: REASONS.ipLimit,
    },
  ] as const;
  for (const limit of waitingLimits) {
    if (limit.waiting.length < limit.limit) continue;
    // Possible again once the first of them has aired (an estimate while none is queued).
    const aired = await untilAired(limit.waiting);
    const wait = Math.max(60, aired ?? WAITING_ESTIMATE_S);
    return {
      code: limit.code,
      message: limit.message(limit.waiting.length, wait),
      retryAfterSeconds: wait,
    };
  }
  return null;
}

function verdictOf(
  candidate: Candidate,
  fact: CandidateFacts,
  context: { trackCooldown: number; artistCooldown: number; deezerPossible: boolean; now: Date },
): Verdict {
  const { trackCooldown, artistCooldown, now } = context;
  if (candidate.source === 'local' && !candidate.requestable) {
    return refuse('NOT_REQUESTABLE', REASONS.notRequestable);
  }
  if (candidate.source === 'deezer') {
    if (!candidate.readable) return refuse('DEEZER_NOT_READABLE', REASONS.deezerNotReadable);
    if (!context.deezerPossible) return refuse('DEEZER_UNAVAILABLE', REASONS.deezerUnavailable);
  }
  // Once it has aired it is in the track cooldown (or free, without one).
  if (fact.trackWaiting) {
    return {
      ...refuse('ALREADY_WAITING', REASONS.waiting, Math.max(trackCooldown, WAITING_ESTIMATE_S)),
      waitingRequest: fact.waitingRequest,
    };
  }
  if (trackCooldown > 0 && fact.trackPlayedAt) {
    const wait = secondsBetween(new Date(fact.trackPlayedAt.getTime() + trackCooldown * 1000), now);
    return refuse('TRACK_COOLDOWN', REASONS.trackCooldown(wait), wait);
  }
  if (artistCooldown > 0 && fact.artistPlayedAt) {
    const wait = secondsBetween(
      new Date(fact.artistPlayedAt.getTime() + artistCooldown * 1000),
      now,
    );
    return refuse('ARTIST_COOLDOWN', REASONS.artistCooldown(wait), wait);
  }
  // A waiting request of the artist airs soon: counted as a play from now on.
  if (artistCooldown > 0 && fact.artistWaiting) {
    return refuse('ARTIST_COOLDOWN', REASONS.artistCooldown(artistCooldown), artistCooldown);
  }
  return { available: true };
}
