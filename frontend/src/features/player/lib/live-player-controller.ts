import {
  audioErrorMessage,
  AUDIO_ERROR,
  isInterruption,
  isPermissionError,
  PLAY_ERROR,
  playFailureMessage,
} from './audio-errors';
import type * as StreamFeedModule from './stream-feed';
import type { StreamFeed } from './stream-feed';

/**
 * The feed's code (stream-feed.ts) is loaded apart from the first page's JavaScript, when the
 * audio element is attached; a play before it is here gives the element the address itself.
 */
let streamFeed: typeof StreamFeedModule | null = null;
async function loadStreamFeed(): Promise<void> {
  streamFeed ??= await import('./stream-feed');
}
const canFeed = (): boolean => streamFeed?.streamFeedSupported() ?? false;

/** Spec section 9. */
export const DEFAULT_VOLUME = 0.75;

/**
 * Waits before each try to reconnect after the stream broke off while playing: a station or
 * Icecast restart takes seconds; after the last one (about two minutes in all) the player gives
 * up and says "Stream onderbroken".
 */
export const RECONNECT_DELAYS_MS = [
  1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000,
];

/**
 * A fed stream whose connection broke off while playing is opened again while the buffer plays
 * on: at once (spread over this many ms, so that thousands of listeners of a restarted Icecast do
 * not all arrive at the same moment), then after RECONNECT_DELAYS_MS.
 */
const FEED_RECONNECT_SPREAD_MS = 300;

/** HTMLMediaElement.HAVE_FUTURE_DATA: enough to play on from here. */
const HAVE_FUTURE_DATA = 3;

/** The stream's format (spec section 7: an mp3 stream). */
const STREAM_TYPE = 'audio/mpeg';

/** The audio player state of spec section 3. */
export type PlayerState = {
  isPlaying: boolean;
  isLoading: boolean;
  volume: number;
  error: string | null;
  /** The stream broke off while playing; the player waits or tries to connect again. */
  isReconnecting: boolean;
};

function isOwnAddress(address: string): boolean {
  return new URL(address, window.location.href).origin === window.location.origin;
}

/** Clamps a volume between 0 and 1 (spec section 5); anything else than a number is 0. */
export function clampVolume(volume: number): number {
  if (Number.isNaN(volume)) return 0;
  return Math.min(1, Math.max(0, volume));
}

/**
 * One try to play one stream address: fed through Media Source Extensions (stream-feed.ts)
 * where the browser can, else the address given to the element.
 */
type Attempt = {
  id: number;
  sourceIndex: number;
  started: boolean;
  feed: StreamFeed | null;
  /** The feed's connection broke off and is being opened again. */
  feedLost: boolean;
  /** A feed that fails before it plays is tried again as the element's own address. */
  retryAsElement: boolean;
};

/**
 * The live player's state machine (spec section 4) around one audio element:
 *
 * - idle -> loading on play or `loadstart` -> playing (`playing`, or play() resolving);
 *   `waiting` sets loading again.
 * - play tries the stream addresses in order (https first, then the http fallback); an error
 *   is shown only when the last one fails. A play() that the browser does not allow (autoplay
 *   policy) is shown at once: another address would not be allowed either.
 * - pause/stop by the user sets the intentional-stop marker, so the error that clearing the
 *   source causes is ignored; it clears the source (a live stream resumes live, not from a
 *   stale buffer) and clears the error.
 * - a stream that breaks off while playing (error, end) is reconnected by itself after a growing
 *   wait (RECONNECT_DELAYS_MS), while isReconnecting shows it; stop ends that, and after the last
 *   try the player gives up with "Stream onderbroken". A fed stream whose connection breaks off
 *   is reconnected while the element plays on from its buffer; isReconnecting shows only when
 *   that runs out first.
 * - a feed of another site's address that gets no answer (a stream server without CORS) or
 *   that the element cannot decode is tried once more as the element's own address before the
 *   next address.
 * - toggle does nothing while loading, except stopping a reconnect.
 *
 * It is plain TypeScript: React reads it through useSyncExternalStore.
 */
export class LivePlayerController {
  #audio: HTMLAudioElement | null = null;
  #sources: readonly string[] = [];
  /**
   * The attempt in progress. `null` is the intentional-stop marker: the user stopped (or the
   * last address failed and the player gave up), and the element's events are ignored.
   */
  #attempt: Attempt | null = null;
  #attemptCount = 0;
  /** Tries to reconnect since the stream last played; the timer of the next one. */
  #reconnects = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** The feed the element plays, if it plays one; closed on release. */
  #feed: StreamFeed | null = null;
  #state: PlayerState = {
    isPlaying: false,
    isLoading: false,
    volume: DEFAULT_VOLUME,
    error: null,
    isReconnecting: false,
  };
  readonly #listeners = new Set<() => void>();

  readonly #handlers: ReadonlyArray<readonly [keyof HTMLMediaElementEventMap, () => void]> = [
    ['loadstart', () => this.#whileActive(() => this.#update({ isLoading: true }))],
    [
      'waiting',
      () =>
        this.#whileActive((attempt) =>
          this.#update(
            attempt.feedLost ? { isPlaying: false, isReconnecting: true } : { isLoading: true },
          ),
        ),
    ],
    ['playing', () => this.#whileActive((attempt) => this.#started(attempt))],
    [
      'error',
      () =>
        this.#whileActive((attempt) =>
          this.#failed(attempt, audioErrorMessage(this.#audio?.error?.code, this.#canPlayStream())),
        ),
    ],
    // A live stream never ends by itself: the connection to the stream was broken.
    ['ended', () => this.#whileActive((attempt) => this.#failed(attempt, AUDIO_ERROR.interrupted))],
    [
      'pause',
      () =>
        this.#whileActive((attempt) => {
          // Paused by the browser or the system (another player, headphones unplugged):
          // the same as a stop by the user.
          if (attempt.started && !this.#audio?.ended) this.stop();
        }),
    ],
  ];

  // --- React's view ----------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): PlayerState => this.#state;

  /**
   * How far behind the live edge the listener hears (ms): the buffered audio ahead of what
   * plays (its last byte is about the live edge). 0 when not playing.
   */
  liveDelayMs = (): number => {
    const audio = this.#audio;
    if (!this.#state.isPlaying || !audio || audio.buffered.length === 0) return 0;
    const edge = audio.buffered.end(audio.buffered.length - 1);
    return Math.max(0, Math.round((edge - audio.currentTime) * 1000));
  };

  /** Connects the one audio element this controller drives (null disconnects it). */
  attach = (audio: HTMLAudioElement | null): void => {
    if (audio === this.#audio) return;
    if (this.#audio) {
      this.stop();
      for (const [type, handler] of this.#handlers) this.#audio.removeEventListener(type, handler);
    }
    this.#audio = audio;
    if (!audio) {
      window.removeEventListener('online', this.#online);
      return;
    }
    window.addEventListener('online', this.#online);
    // Not loaded (offline, a new version deployed): the element plays the address itself.
    loadStreamFeed().catch(() => undefined);
    audio.volume = this.#state.volume;
    for (const [type, handler] of this.#handlers) audio.addEventListener(type, handler);
  };

  // --- Commands ---------------------------------------------------------------------------

  /** The stream addresses in the order to try them; used from the next play on. */
  setSources(sources: readonly string[]): void {
    this.#sources = [...new Set(sources.filter(Boolean))];
  }

  toggle = (): void => {
    if (this.#state.isReconnecting) {
      this.stop();
      return;
    }
    if (this.#state.isLoading) return;
    if (this.#state.isPlaying) this.stop();
    else this.play();
  };

  play = (): void => {
    if (this.#attempt || this.#reconnectTimer) return;
    this.#trySource(0, canFeed());
  };

  /** Stop by the user (the pause button, the lock screen, a gesture). */
  stop = (): void => {
    this.#attempt = null;
    this.#endReconnecting();
    this.#release();
    this.#update({ isPlaying: false, isLoading: false, error: null });
  };

  setVolume = (volume: number): void => {
    const clamped = clampVolume(volume);
    if (this.#audio) this.#audio.volume = clamped;
    this.#update({ volume: clamped });
  };

  // --- The machine ------------------------------------------------------------------------

  #trySource(sourceIndex: number, fed: boolean): void {
    const audio = this.#audio;
    const source = this.#sources[sourceIndex];
    if (!audio || source === undefined) {
      this.#giveUp(PLAY_ERROR.default);
      return;
    }
    this.#clearReconnectTimer();
    this.#feed?.close();
    const attempt: Attempt = {
      id: ++this.#attemptCount,
      sourceIndex,
      started: false,
      feed: null,
      feedLost: false,
      retryAsElement: fed,
    };
    this.#attempt = attempt;
    this.#update({ isPlaying: false, isLoading: true, error: null });
    if (fed && streamFeed) {
      attempt.feed = new streamFeed.StreamFeed(source, audio, {
        onData: () => this.#ifCurrent(attempt, () => this.#feedResumed(attempt)),
        onLost: (answered) => this.#ifCurrent(attempt, () => this.#feedLost(attempt, answered)),
      });
      audio.src = attempt.feed.url;
    } else {
      audio.src = source;
    }
    this.#feed = attempt.feed;
    audio.volume = this.#state.volume;

    let playback: Promise<void> | undefined;
    try {
      playback = audio.play();
    } catch (error) {
      this.#playRejected(attempt, error);
      return;
    }
    // Older browsers return nothing; then the element's events tell what happens.
    playback?.then(
      () => this.#ifCurrent(attempt, () => this.#started(attempt)),
      (error: unknown) => this.#ifCurrent(attempt, () => this.#playRejected(attempt, error)),
    );
  }

  #started(attempt: Attempt): void {
    attempt.started = true;
    this.#reconnects = 0;
    this.#update({ isPlaying: true, isLoading: false, error: null, isReconnecting: false });
  }

  #playRejected(attempt: Attempt, error: unknown): void {
    // Our own pause() or a new source interrupted it; the element reports real failures.
    if (isInterruption(error)) return;
    if (isPermissionError(error)) {
      this.#giveUp(playFailureMessage(error));
      return;
    }
    this.#failed(attempt, playFailureMessage(error));
  }

  /**
   * This address failed: try the next one; when it was the last, reconnect if the stream had
   * been playing (or a reconnect is under way), else show the error.
   */
  #failed(attempt: Attempt, message: string): void {
    const next = attempt.sourceIndex + 1;
    if (!attempt.started && attempt.retryAsElement) {
      this.#trySource(attempt.sourceIndex, false);
    } else if (!attempt.started && next < this.#sources.length) {
      this.#trySource(next, canFeed());
    } else if (attempt.started || this.#state.isReconnecting) this.#reconnect();
    else this.#giveUp(message);
  }

  #reconnect(): void {
    const delay = RECONNECT_DELAYS_MS[this.#reconnects];
    if (delay === undefined) {
      this.#giveUp(AUDIO_ERROR.interrupted);
      return;
    }
    this.#reconnects++;
    // No attempt while waiting: the events of releasing the source are ignored.
    this.#attempt = null;
    this.#release();
    this.#update({ isPlaying: false, isLoading: false, error: null, isReconnecting: true });
    this.#scheduleReconnect(() => this.#trySource(0, canFeed()), delay);
  }

  /** The one waiting reconnect: a new one replaces it; stop and give up clear it. */
  #scheduleReconnect(reconnect: () => void, delay: number): void {
    this.#clearReconnectTimer();
    const timer = setTimeout(() => {
      if (this.#reconnectTimer === timer) this.#reconnectTimer = null;
      reconnect();
    }, delay);
    this.#reconnectTimer = timer;
  }

  #clearReconnectTimer(): void {
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
  }

  /** The feed's connection broke off: open it again while the element plays its buffer. */
  #feedLost(attempt: Attempt, answered: boolean): void {
    const feed = attempt.feed;
    if (!feed) return;
    if (!attempt.started && !feed.receivedAudio) {
      // Only another site's address can be refused to fetch() (CORS) and still play.
      attempt.retryAsElement =
        feed.cannotPlay || (!answered && !isOwnAddress(this.#sources[attempt.sourceIndex]!));
      this.#failed(attempt, AUDIO_ERROR.default);
      return;
    }
    const delay =
      this.#reconnects === 0
        ? Math.random() * FEED_RECONNECT_SPREAD_MS
        : RECONNECT_DELAYS_MS[this.#reconnects - 1];
    if (delay === undefined) {
      this.#giveUp(AUDIO_ERROR.interrupted);
      return;
    }
    this.#reconnects++;
    attempt.feedLost = true;
    // Nothing left to play (it had not begun, or the buffer ran out): say so, and let a click
    // stop it.
    if (!this.#audio || this.#audio.readyState < HAVE_FUTURE_DATA) {
      this.#update({ isPlaying: false, isLoading: false, isReconnecting: true });
    }
    this.#scheduleReconnect(() => feed.connect(), delay);
  }

  #feedResumed(attempt: Attempt): void {
    // A stream that gives a few bytes per connection and no sound still runs out of tries.
    if (this.#audio && this.#audio.readyState >= HAVE_FUTURE_DATA) this.#reconnects = 0;
    if (!attempt.feedLost) return;
    attempt.feedLost = false;
    // Audio again; the element says when it plays it (`playing`).
    if (this.#state.isReconnecting) this.#update({ isReconnecting: false, isLoading: true });
  }

  #endReconnecting(): void {
    this.#clearReconnectTimer();
    this.#reconnects = 0;
    this.#update({ isReconnecting: false });
  }

  #giveUp(error: string): void {
    this.#attempt = null;
    this.#endReconnecting();
    this.#release();
    this.#update({ isPlaying: false, isLoading: false, error });
  }

  /** Stops the element and drops its source, so it neither buffers nor retries. */
  #release(): void {
    this.#feed?.close();
    this.#feed = null;
    const audio = this.#audio;
    if (!audio) return;
    audio.pause();
    if (audio.hasAttribute('src')) {
      audio.removeAttribute('src');
      audio.load();
    }
  }

  /** Back online after a blip: the waiting reconnect runs now. */
  #online = (): void => {
    const attempt = this.#attempt;
    if (!this.#reconnectTimer) return;
    this.#clearReconnectTimer();
    if (attempt?.feed && attempt.feedLost) attempt.feed.connect();
    else if (!attempt) this.#trySource(0, canFeed());
  };

  #whileActive(handle: (attempt: Attempt) => void): void {
    if (this.#attempt) handle(this.#attempt);
  }

  #ifCurrent(attempt: Attempt, handle: () => void): void {
    if (this.#attempt === attempt) handle();
  }

  #canPlayStream(): boolean {
    return (this.#audio?.canPlayType(STREAM_TYPE) ?? '') !== '';
  }

  #update(change: Partial<PlayerState>): void {
    const next = { ...this.#state, ...change };
    const keys = Object.keys(next) as (keyof PlayerState)[];
    if (keys.every((key) => next[key] === this.#state[key])) return;
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }
}
