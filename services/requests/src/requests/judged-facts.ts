/**
 * The facts a judgement (judge.ts) reads, as request-facts.ts loads them, and which cooldowns
 * apply to whom.
 */
import type { DjSettingsRow } from '@radio/db';
import type { SessionUser } from '@radio/service-kit';
import type { DeezerTrack } from '@radio/station';
import type { CandidateFacts, LimitFacts } from './request-facts-repository.ts';

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

/** The track of a submit, as it would be stored. */
export type SubmittedTrack = Candidate & {
  /** AzuraCast's request id of a library track from an AzuraCast station; else null. */
  stationRequestId: string | null;
  album: string | null;
  duration: number;
  filename: string | null;
};

export type TrackFact =
  | { found: true; track: SubmittedTrack }
  | {
      found: false;
      problem: 'no-track' | 'not-in-library' | 'not-at-deezer' | 'deezer-unreachable';
    };

/** Looks a Deezer track up by id: null when Deezer has none; throws a 503 when it cannot be asked. */
export type LookupDeezerTrack = (
  deezerId: string,
) => Promise<Pick<DeezerTrack, 'title' | 'artist' | 'album' | 'duration' | 'readable'> | null>;

export interface SubmitInput {
  source: 'local' | 'deezer';
  libraryTrackId?: number;
  filename?: string;
  deezerId?: string;
  message?: string;
  browserFingerprint?: string;
  voicetrackUrl?: string;
}

export interface RequesterClient {
  ip: string | null;
  browserFingerprint: string | null;
}

/** The cooldowns that apply to a requester, in seconds (0 for one who bypasses the limits). */
export interface Cooldowns {
  trackSeconds: number;
  artistSeconds: number;
}

/** What the verdict of a candidate track reads. */
export interface CandidateFactsOf {
  cooldowns: Cooldowns;
  /** A worker with a downloader runs (asked only when a candidate is from Deezer). */
  deezerDownloader: boolean;
  /** In the candidates' order. */
  facts: CandidateFacts[];
}

/** Before the lock: who asks, for what, under which settings. */
export interface FactsBeforeLock {
  settings: DjSettingsRow;
  requester: Requester & { name: string };
  client: RequesterClient;
  input: SubmitInput;
  track: TrackFact;
}

/** A submit's every fact; `underLock` is absent when no track was found (nothing to look at). */
export interface SubmitFacts extends FactsBeforeLock {
  underLock?: CandidateFactsOf & {
    limits: LimitFacts;
    /** The voice message sent along is the requester's, fresh and unused; null: none sent. */
    voiceMessageUsable: boolean | null;
    /**
     * Seconds until each of the named waiting requests (this track's, and the browser's and the
     * address's once they fill their limit) has aired, for those in the queue.
     */
    airing: ReadonlyMap<number, number>;
  };
}

const HOUR_S = 3600;

export const bypassesLimits = (requester: Requester): boolean =>
  requester.canBypassLimits || requester.role === 'admin';

/** The user's own cooldown replaces the station's track cooldown. */
export function cooldownsOf(
  requester: Requester,
  settings: Pick<DjSettingsRow, 'trackCooldownHours' | 'artistCooldownHours'>,
): Cooldowns {
  if (bypassesLimits(requester)) return { trackSeconds: 0, artistSeconds: 0 };
  return {
    trackSeconds:
      requester.customCooldownMinutes !== null
        ? requester.customCooldownMinutes * 60
        : settings.trackCooldownHours * HOUR_S,
    artistSeconds: settings.artistCooldownHours * HOUR_S,
  };
}
