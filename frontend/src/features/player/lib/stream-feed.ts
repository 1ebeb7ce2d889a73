/**
 * The live stream fed to the audio element through Media Source Extensions, instead of giving
 * the element the stream's address:
 *
 * - First sound: Chromium's own loader waits for 128 kB of an MP3 stream before it plays, which
 *   is Icecast's 64 kB burst plus four more seconds of the live stream. Appended to a
 *   SourceBuffer, the burst plays as soon as it arrives (under half a second on loopback).
 * - The listener's delay: what the element has buffered is then everything received, so its
 *   end is the live edge and `buffered.end − currentTime` is how far behind the listener hears.
 *   (With a plain address Chromium reports only the few seconds it has demuxed.)
 * - A network blip: the connection is opened again while the element plays on from its buffer.
 *   Icecast starts every connection with a burst of what it just sent, so the new connection
 *   repeats the end of the old one; those bytes are recognised and skipped
 *   (`repeatedPrefixLength`), and the song goes on without a repeat or a gap.
 */

const STREAM_TYPE = 'audio/mpeg';
const PARSER_RESET = Symbol('parser reset');
/** The end of the received stream kept to recognise a reconnect's burst (16 s of 128 kbps). */
const KEPT_TAIL_BYTES = 256 * 1024;
/** Bytes of a new connection compared at once against the kept tail. */
const MATCH_BYTES = 2048;
/** A new connection whose first bytes still match this much of the tail is taken as new. */
const MAX_JOIN_BYTES = 512 * 1024;
/**
 * Icecast sends without pause; a connection silent this long (a dead network) is given up, and
 * one that has not answered after CONNECT_MS (a connect that hangs).
 */
const SILENT_CONNECTION_MS = 3_000;
const CONNECT_MS = 10_000;
/** Played audio kept behind the play position, and how much more before it is dropped (s). */
const KEEP_PLAYED_SECONDS = 30;
const DROP_PLAYED_AFTER_SECONDS = 90;
/** Further behind the live edge than this (after a long stall), the player jumps closer. */
const MAX_BEHIND_SECONDS = 20;
const CATCH_UP_BEHIND_SECONDS = 4;

/** Whether this browser can play the stream through Media Source Extensions. */
export function streamFeedSupported(): boolean {
  return (
    typeof MediaSource !== 'undefined' &&
    typeof ReadableStream !== 'undefined' &&
    MediaSource.isTypeSupported(STREAM_TYPE)
  );
}

/**
 * How many leading bytes of a new connection's `incoming` bytes repeat the end of `tail` (what
 * the old connection received last): 0 when they do not, or null when `incoming` is too short
 * to tell yet. The shortest repeat wins: in a stretch of identical frames (digital silence)
 * several lengths match, and the shortest is known soonest (a longer one could need more than
 * the burst, and the buffer would run out meanwhile); any of them continues the audio, at worst
 * with a little more silence.
 */
export function repeatedPrefixLength(tail: Uint8Array, incoming: Uint8Array): number | null {
  if (incoming.length < MATCH_BYTES) return null;
  if (tail.length < MATCH_BYTES) return 0;
  const first = incoming[0]!;
  for (
    let start = tail.lastIndexOf(first, tail.length - MATCH_BYTES);
    start !== -1;
    start = start === 0 ? -1 : tail.lastIndexOf(first, start - 1)
  ) {
    const repeated = tail.length - start;
    const compared = Math.min(repeated, incoming.length);
    if (!sameBytes(tail.subarray(start, start + compared), incoming.subarray(0, compared))) {
      continue;
    }
    return compared === repeated ? repeated : null;
  }
  return 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function joined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

export type StreamFeedEvents = {
  /** New audio arrived (the stream's first, or the first after a reconnect). */
  onData: () => void;
  /**
   * The connection failed, ended or went silent; `connect()` opens a new one. `answered`: the
   * address answered over HTTP at least once (so it is reachable and allowed to be fetched).
   */
  onLost: (answered: boolean) => void;
};

/** One stream address fed into one audio element; `url` is what the element plays. */
export class StreamFeed {
  readonly url: string;
  readonly #address: string;
  readonly #audio: HTMLAudioElement;
  readonly #events: StreamFeedEvents;
  readonly #mediaSource = new MediaSource();
  #buffer: SourceBuffer | null = null;
  /** What waits to be appended, in order; PARSER_RESET where the stream has a gap. */
  #pending: (Uint8Array | typeof PARSER_RESET)[] = [];
  #tail: Uint8Array[] = [];
  #tailBytes = 0;
  /** A reconnect's first bytes, until it is known which of them repeat the tail. */
  #joining: Uint8Array[] | null = null;
  #connection: AbortController | null = null;
  #answered = false;
  #receivedAudio = false;
  #cannotPlay = false;
  #closed = false;

  constructor(address: string, audio: HTMLAudioElement, events: StreamFeedEvents) {
    this.#address = address;
    this.#audio = audio;
    this.#events = events;
    this.url = URL.createObjectURL(this.#mediaSource);
    this.#mediaSource.addEventListener('sourceopen', this.#opened, { once: true });
    this.connect();
  }

  /** Whether any audio arrived, over any connection. */
  get receivedAudio(): boolean {
    return this.#receivedAudio;
  }

  /** The browser would not take the stream into a SourceBuffer (the element may still play it). */
  get cannotPlay(): boolean {
    return this.#cannotPlay;
  }

  /** Opens a (new) connection to the stream; one that is open is dropped. */
  connect(): void {
    if (this.#closed) return;
    this.#connection?.abort();
    const connection = new AbortController();
    this.#connection = connection;
    if (this.#tailBytes > 0) this.#joining = [];
    void this.#read(connection).catch(() => {
      if (this.#connection === connection && !this.#closed) this.#events.onLost(this.#answered);
    });
  }

  /** Ends the connection and lets go of the media source. */
  close(): void {
    this.#closed = true;
    this.#connection?.abort();
    this.#connection = null;
    URL.revokeObjectURL(this.url);
  }

  async #read(connection: AbortController): Promise<void> {
    let silence = setTimeout(() => connection.abort(), CONNECT_MS);
    try {
      const response = await fetch(this.#address, {
        signal: connection.signal,
        cache: 'no-store',
      });
      this.#answered = true;
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const reader = response.body.getReader();
      clearTimeout(silence);
      silence = setTimeout(() => connection.abort(), SILENT_CONNECTION_MS);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        if (this.#closed || this.#connection !== connection) return;
        clearTimeout(silence);
        silence = setTimeout(() => connection.abort(), SILENT_CONNECTION_MS);
        this.#received(value);
      }
    } finally {
      clearTimeout(silence);
    }
  }

  #received(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.#joining) {
      this.#joining.push(chunk);
      const incoming = joined(this.#joining);
      const repeated = repeatedPrefixLength(joined(this.#tail), incoming);
      if (repeated === null && incoming.length < MAX_JOIN_BYTES) return;
      this.#joining = null;
      // A gap (the blip outlasted the burst): the parser starts afresh at the next frame.
      if (!repeated) this.#pending.push(PARSER_RESET);
      bytes = incoming.subarray(repeated ?? 0);
    }
    if (bytes.length === 0) return;
    this.#receivedAudio = true;
    this.#keepTail(bytes);
    this.#pending.push(bytes);
    this.#pump();
    this.#events.onData();
  }

  #keepTail(bytes: Uint8Array): void {
    this.#tail.push(bytes);
    this.#tailBytes += bytes.length;
    while (this.#tail.length > 1 && this.#tailBytes - this.#tail[0]!.length >= KEPT_TAIL_BYTES) {
      this.#tailBytes -= this.#tail.shift()!.length;
    }
  }

  #opened = (): void => {
    if (this.#closed) return;
    let buffer: SourceBuffer;
    try {
      buffer = this.#mediaSource.addSourceBuffer(STREAM_TYPE);
      // MP3 has no timestamps of its own: each append follows the one before.
      buffer.mode = 'sequence';
    } catch {
      this.#cannotPlay = true;
      this.close();
      this.#events.onLost(this.#answered);
      return;
    }
    buffer.addEventListener('updateend', this.#pump);
    this.#buffer = buffer;
    this.#pump();
  };

  #pump = (): void => {
    const buffer = this.#buffer;
    if (!buffer || buffer.updating || this.#closed || this.#mediaSource.readyState !== 'open') {
      return;
    }
    if (this.#dropPlayed(buffer, DROP_PLAYED_AFTER_SECONDS)) return;
    this.#catchUp();
    if (this.#pending[0] === PARSER_RESET) {
      this.#pending.shift();
      buffer.abort();
    }
    const next = this.#pending.findIndex((part) => part === PARSER_RESET);
    const parts = this.#pending.splice(0, next === -1 ? this.#pending.length : next);
    if (parts.length === 0) return;
    const bytes = joined(parts.filter((part) => part !== PARSER_RESET));
    try {
      buffer.appendBuffer(bytes);
    } catch (error) {
      // Full: drop more of what was played and try again once that is done. Any other
      // failure is the element's (a decode error): its error event reports it.
      if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) return;
      this.#pending.unshift(bytes);
      this.#dropPlayed(buffer, 5);
    }
  };

  /** Removes audio played more than `olderThan` seconds ago; true when a removal started. */
  #dropPlayed(buffer: SourceBuffer, olderThan: number): boolean {
    const { buffered, currentTime } = this.#audio;
    if (buffered.length === 0 || currentTime - buffered.start(0) <= olderThan) return false;
    buffer.remove(0, currentTime - Math.min(olderThan, KEEP_PLAYED_SECONDS));
    return true;
  }

  /** After a long stall the listener would hear minutes late: back to near the live edge. */
  #catchUp(): void {
    const { buffered, currentTime } = this.#audio;
    if (buffered.length === 0) return;
    const edge = buffered.end(buffered.length - 1);
    if (edge - currentTime > MAX_BEHIND_SECONDS) {
      this.#audio.currentTime = edge - CATCH_UP_BEHIND_SECONDS;
    }
  }
}
