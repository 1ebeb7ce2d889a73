import { Transform, type TransformCallback } from 'node:stream';
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
/** A decoder that takes no bytes for this long is stopped, so it never holds an upload up. */
const STALL_MS = 10_000;

/**
 * Passes an upload's bytes on unchanged while ffprobe decodes them as they arrive, so the track
 * is measured right after its last byte instead of by a decode of the whole file after it. The
 * decoder keeps pace through its pipe (its back-pressure holds the upload back). Anything that
 * goes otherwise (a kind not in PIPED_KINDS, no free place, a decoder that stalls or fails, what
 * does not measure as a track) only leaves the measure to a decode of the finished file, which
 * then decides as it always did.
 */
export class MeasureWhileArriving extends Transform {
  readonly #start: StartStreamedRun;
  readonly #tally = new FrameTally();
  #head: Buffer[] = [];
  #headBytes = 0;
  #decided = false;
  #run: StreamedRun | null = null;
  #kind: string | null = null;
  #intact = true;
  #complete = false;

  constructor(start: StartStreamedRun = startStreamedRun) {
    super();
    this.#start = start;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.push(chunk);
    if (this.#decided) return this.#feed(chunk, done);
    this.#head.push(chunk);
    this.#headBytes += chunk.length;
    if (this.#headBytes >= HEAD_BYTES) this.#begin(() => done());
    else done();
  }

  override _flush(done: TransformCallback): void {
    const end = (): void => {
      this.#run?.input.end();
      this.#complete = true;
      done();
    };
    if (this.#decided) end();
    else this.#begin(end);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (!this.#complete) this.stop();
    done(error);
  }

  /** Starts the decoder when the head of the bytes is of a kind it measures from a pipe. */
  #begin(then: () => void): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.#decided = true;
    void fileTypeFromBuffer(head)
      .then(
        (type) => type?.ext,
        () => undefined,
      )
      .then((kind) => {
        if (kind !== undefined && PIPED_KINDS.has(kind)) this.#open(kind);
        this.#feed(head, then);
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

  #feed(chunk: Buffer, done: () => void): void {
    const input = this.#run?.input;
    if (!input || !this.#intact) return done();
    if (input.destroyed) {
      this.#intact = false;
      return done();
    }
    if (input.write(chunk)) return done();
    const stall = setTimeout(() => this.stop(), STALL_MS);
    const go = (): void => {
      clearTimeout(stall);
      input.off('drain', go);
      input.off('close', go);
      done();
    };
    input.once('drain', go);
    input.once('close', go);
  }

  /**
   * The measure of the whole upload, once it has passed through, when the decoder had every byte
   * of it and found a track of `kind` (the kind of the finished file); null otherwise.
   */
  async measured(kind: string): Promise<Measured | null> {
    const run = this.#run;
    if (!run || this.#kind !== kind || !this.#complete) {
      this.stop();
      return null;
    }
    const clean = await run.exited;
    return clean && this.#intact ? this.#tally.result() : null;
  }

  /** Stops the decoder (an upload that failed, or was refused before it was measured). */
  stop(): void {
    this.#intact = false;
    this.#run?.stop();
  }
}
