/**
 * The built-in station started a track (Liquidsoap's report): the play is stored (a voice
 * message is none) and the queue entry it was handed leaves the queue, its request played, in
 * one transaction; the events follow the commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { VOICE_MESSAGE_PATH_PREFIX } from '@radio/contracts';
import type { BuiltInPlay } from '@radio/station';
import type { DbTransactions } from '../db/transactions-repository.ts';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import type { BuiltInPlaysRepository } from './built-in-plays-repository.ts';
import { withNamesFromFilename } from './song-names.ts';

/** A station clock ahead of ours is not believed further than this. */
const MAX_CLOCK_AHEAD_MS = 60_000;

/** What Liquidsoap reports of the track it started (absent tags are empty strings). */
export interface TrackStartedReport {
  artist: string;
  title: string;
  album: string;
  /** The file it plays (a temporary copy for http:// entries). */
  filename: string;
  /** What it was handed (the queue entry's URI; for a library file, the file itself). */
  uri: string;
  /** Seconds; negative or 0 when Liquidsoap could not tell. */
  duration: number;
  /** Minted by Liquidsoap for each track; a repeated report of it stores nothing new. */
  playId?: string | undefined;
  /** Unix seconds when the track started; default now. */
  startedAt?: number | undefined;
}

export interface TrackStartedOptions {
  transactions: DbTransactions;
  plays: BuiltInPlaysRepository;
  /** The automation queue Liquidsoap plays (machine 1). */
  queue: Pick<AutomationQueue, 'started'>;
  /**
   * A play started: now playing is read again at once (the worker's ingest, so pages get the
   * song in about a second, not at the next poll). Must not throw.
   */
  playStarted?: (playId: number) => void;
  /** A listener's request started (now played): its owner is told. Must not throw. */
  requestPlayed?: (requestId: number) => void;
  clock?: () => number;
}

export class TrackStarted {
  readonly #options: TrackStartedOptions;

  constructor(options: TrackStartedOptions) {
    this.#options = options;
  }

  /** Records the start; answers the stored play (null for a voice message). */
  async record(
    { duration, playId, startedAt, uri, ...song }: TrackStartedReport,
    log: FastifyBaseLogger,
  ): Promise<BuiltInPlay | null> {
    const { transactions, plays, queue, clock = Date.now } = this.#options;
    const now = clock();
    const startedAtMs =
      startedAt === undefined ? now : Math.min(startedAt * 1000, now + MAX_CLOCK_AHEAD_MS);
    const startedUri = uri || song.filename;
    const { play, playedRequest } = await transactions.transaction([], async (trx) => ({
      // A listener's voice message is not a song: no play in now playing, history or reports.
      play: isVoiceMessageUri(startedUri)
        ? null
        : await plays.record(
            {
              ...withNamesFromFilename(song, song.filename),
              duration: Math.max(0, Math.round(duration)),
              playId,
              startedAt: new Date(startedAtMs),
            },
            trx,
          ),
      // The entry Liquidsoap was handed: its request is on air now.
      playedRequest: startedUri
        ? await queue.started(trx, startedUri, new Date(startedAtMs))
        : null,
    }));
    log.info({ play, playedRequest, uri: startedUri }, 'station: track started');
    if (play) this.#options.playStarted?.(play.id);
    if (playedRequest !== null) this.#options.requestPlayed?.(playedRequest);
    return play;
  }
}

/** A voice message's URI: the uploads service's voice message path, signed or not. */
function isVoiceMessageUri(uri: string): boolean {
  try {
    return new URL(uri, 'http://station.invalid').pathname.startsWith(VOICE_MESSAGE_PATH_PREFIX);
  } catch {
    return false;
  }
}
