import { open } from 'node:fs/promises';
import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { startStreamedRun, type StartStreamedRun, type StreamedRun } from '../decoder.ts';

/** What decoding a track measured: its decoded seconds and its stream's kbps (null: unknown). */
export interface Measured {
  seconds: number;
  kbps: number | null;
}

/** Shorter than this is no track: what a truncated file decodes to (a frame or two, or none). */
const MIN_SECONDS = 1;
/** 50 MB of the thinnest mp3 lasts about this long; a longer claim is a lie. */
const MAX_SECONDS = 12 * 60 * 60;
/** Well above 24-bit 192 kHz stereo PCM (9,216 kbps); beyond it the bitrate is not known. */
const MAX_KBPS = 50_000;

/** ffprobe's arguments that list the decoded frames of the first audio stream of `input`. */
export const frameProbeArgs = (input: string): string[] => [
  ...['-v', 'quiet', '-select_streams', 'a:0'],
  ...['-show_entries', 'stream=sample_rate:frame=pkt_size,nb_samples', '-of', 'compact', input],
];

/** The number after `|key=` in a line of ffprobe's compact output (NaN when it is not there). */
function field(line: string, key: string): number {
  const at = line.indexOf(`|${key}=`);
  if (at < 0) return Number.NaN;
  const start = at + key.length + 2;
  const end = line.indexOf('|', start);
  return Number(line.slice(start, end < 0 ? undefined : end));
}

/**
 * Adds up ffprobe's compact lines (`frame|pkt_size=626|nb_samples=1152`,
 * `stream|sample_rate=44100`) as they come, without keeping them: the duration is the decoded
 * samples, the bitrate the stream's bytes per decoded second; a header's claims are not read.
 */
export class FrameTally {
  #rest = '';
  #rate = 0;
  #frames = 0;
  #samples = 0;
  #bytes = 0;
  #first = { samples: 0, bytes: 0 };
  #last = { samples: 0, bytes: 0 };

  add(text: string): void {
    const lines = (this.#rest + text).split('\n');
    this.#rest = lines.pop() ?? '';
    for (const line of lines) this.#line(line);
  }

  #line(line: string): void {
    if (line.startsWith('stream|')) this.#rate = field(line, 'sample_rate');
    if (!line.startsWith('frame|')) return;
    const frame = { samples: field(line, 'nb_samples') || 0, bytes: field(line, 'pkt_size') || 0 };
    if (this.#frames === 0) this.#first = frame;
    this.#last = frame;
    this.#frames += 1;
    this.#samples += frame.samples;
    this.#bytes += frame.bytes;
  }

  /** The measure of all lines added; null when they are no track of a plausible length. */
  result(): Measured | null {
    this.add('\n');
    const seconds = this.#samples / this.#rate;
    if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS)) return null;
    // The decoder cuts the encoder's delay and padding from the first and last frame, whose bytes
    // would then count for too few samples.
    const inner = this.#frames > 2;
    const bytes = inner ? this.#bytes - this.#first.bytes - this.#last.bytes : this.#bytes;
    const samples = inner
      ? this.#samples - this.#first.samples - this.#last.samples
      : this.#samples;
    const kbps = Math.round((bytes * 8 * this.#rate) / samples / 1000);
    return { seconds, kbps: kbps >= 1 && kbps <= MAX_KBPS ? kbps : null };
  }
}

/**
 * Kinds whose decode from a pipe measures exactly what a decode of the whole file does. Not an
 * mp3 (its last frame is trimmed only where the decoder can seek to the end) nor an mp4 (whose
 * index may come after the audio).
 */
const PIPED_KINDS = new Set(['wav', 'flac', 'aac', 'ogg', 'oga', 'opus']);
/** What file-type reads at most to tell a kind (its reasonableDetectionSizeInBytes). */
const HEAD_BYTES = 4100;
/** A decoder that falls this far behind is given the rest from the file, in pieces of this size. */
const BEHIND_BYTES = 4 * 1024 * 1024;
const PIECE_BYTES = 1024 * 1024;
/** After the last byte, a decoder that has not finished in this time is stopped. */
const FINISH_MS = 60_000;

/**
 * Passes an upload's bytes on unchanged (to the file they are written to) while ffprobe decodes
 * them as they arrive, so the track is measured right after its last byte instead of by a decode
 * of the whole file after it. The decoder never holds the upload up: it gets each chunk as it
 * passes, and once it falls more than BEHIND_BYTES behind it reads the rest from the file as it
 * is written, at its own pace. Anything that goes otherwise (a kind not in PIPED_KINDS, no free
 * place, a decoder that fails or does not finish, what does not measure as a track) only leaves
 * the measure to a decode of the finished file, which then decides as it always did.
 */
export class MeasureWhileArriving extends Transform {
  readonly #file: string;
  readonly #start: StartStreamedRun;
  readonly #finishMs: number;
  readonly #tally = new FrameTally();
  /** What passed before the decoder started (or it was decided that none starts). */
  #head: Buffer[] | null = [];
  #passed = 0;
  #sniffed: Promise<void> | null = null;
  #kind: string | null = null;
  #run: StreamedRun | null = null;
  /** Bytes handed to the decoder as they passed. */
  #given = 0;
  /** The decoder reads the file (it fell behind), until this is done. */
  #reading: Promise<void> | null = null;
  /** The decoder has been given every byte so far, in order. */
  #intact = true;
  #arrived = false;
  #wake: (() => void) | null = null;
  #wakeAt = 0;

  /** `file`: where the bytes that pass are written. */
  constructor(
    file: string,
    {
      start = startStreamedRun,
      finishMs = FINISH_MS,
    }: { start?: StartStreamedRun; finishMs?: number } = {},
  ) {
    super();
    this.#file = file;
    this.#start = start;
    this.#finishMs = finishMs;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#passed += chunk.length;
    if (this.#head) {
      this.#head.push(chunk);
      if (!this.#sniffed && this.#passed >= HEAD_BYTES) this.#sniff();
    } else if (this.#run && !this.#reading) this.#give(chunk);
    if (this.#passed >= this.#wakeAt) this.#wakeUp();
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.#sniffed) this.#sniff();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (error) this.stop();
    done(error);
  }

  /** Starts the decoder when the head of the bytes is of a kind it measures from a pipe. */
  #sniff(): void {
    this.#sniffed = fileTypeFromBuffer(Buffer.concat(this.#head ?? []))
      .then(
        (type) => type?.ext,
        () => undefined,
      )
      .then((kind) => {
        const head = this.#head ?? [];
        this.#head = null;
        if (kind === undefined || !PIPED_KINDS.has(kind) || !this.#intact) return;
        this.#open(kind);
        for (const chunk of head) if (this.#run && !this.#reading) this.#give(chunk);
        if (this.#arrived && !this.#reading) this.#run?.input.end();
      });
  }

  #open(kind: string): void {
    try {
      this.#run = this.#start('ffprobe', frameProbeArgs('pipe:0'), (text) => this.#tally.add(text));
    } catch {
      this.#run = null;
    }
    this.#kind = kind;
    this.#run?.input.once('error', () => {
      this.#intact = false;
    });
  }

  /** Hands a chunk that passed to the decoder; past BEHIND_BYTES it reads the file instead. */
  #give(chunk: Buffer): void {
    const input = this.#run?.input;
    if (!input || !this.#intact) return;
    if (input.writableLength > BEHIND_BYTES) {
      this.#reading = this.#readFile(this.#given);
      return;
    }
    input.write(chunk);
    this.#given += chunk.length;
  }

  /** Gives the decoder the file from `position`, as it is written, until all of it arrived. */
  async #readFile(from: number): Promise<void> {
    const run = this.#run;
    if (!run) return;
    const piece = Buffer.allocUnsafe(PIECE_BYTES);
    let position = from;
    try {
      const handle = await open(this.#file, 'r');
      try {
        while (this.#intact) {
          const { bytesRead } = await handle.read(piece, 0, PIECE_BYTES, position);
          if (bytesRead > 0) {
            position += bytesRead;
            await write(run.input, piece.subarray(0, bytesRead));
          } else if (this.#arrived) break;
          else await this.#passedUntil(position + PIECE_BYTES);
        }
      } finally {
        await handle.close();
      }
      run.input.end();
    } catch {
      this.stop();
    }
  }

  /** Until `bytes` have passed (or the upload arrived, or was stopped). */
  #passedUntil(bytes: number): Promise<void> {
    this.#wakeAt = bytes;
    return new Promise((resolve) => (this.#wake = resolve));
  }

  #wakeUp(): void {
    this.#wake?.();
    this.#wake = null;
  }

  /** Every byte of the upload is in the file: the decoder gets the rest. */
  arrived(): void {
    this.#arrived = true;
    if (this.#run && !this.#reading) this.#run.input.end();
    this.#wakeUp();
  }

  /**
   * Once the upload arrived: its measure when the decoder had every byte of it and found a track
   * of `kind` (the kind of the finished file); null otherwise.
   */
  async measured(kind: string): Promise<Measured | null> {
    await this.#sniffed;
    const run = this.#run;
    if (!run || this.#kind !== kind || !this.#arrived) {
      this.stop();
      return null;
    }
    const late = setTimeout(() => this.stop(), this.#finishMs);
    try {
      await this.#reading;
      const clean = await run.exited;
      return clean && this.#intact ? this.#tally.result() : null;
    } finally {
      clearTimeout(late);
    }
  }

  /** Stops the decoder (an upload that failed, or was refused before it was measured). */
  stop(): void {
    this.#intact = false;
    this.#run?.stop();
    this.#wakeUp();
  }
}

/** Writes `chunk` and waits until the stream has taken it, so its memory may be used again. */
const write = (stream: Writable, chunk: Buffer): Promise<void> =>
  new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
