import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartStreamedRun, StreamedRun } from '../src/decoder.ts';
import {
  FrameTally,
  frameProbeArgs,
  MeasureWhileArriving,
} from '../src/cloud-uploads/track-measure.ts';
import { writeTo } from '../src/voice-messages/voice-message-service.ts';
import { craftWav } from './crafted-audio.ts';

const exec = promisify(execFile);

let dir: string;
let uploads = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'radio-track-measure-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 440 Hz tone of `seconds` encoded by ffmpeg with `codec`, as bytes. */
async function encoded(name: string, codec: string[], seconds = 4): Promise<Buffer> {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:sample_rate=44100', '-t', String(seconds), '-ac', '2'],
    ...codec,
    file,
  ]);
  return readFile(file);
}

/** What decoding the finished file measures (as an upload is measured without a pipe). */
async function measuredFromFile(file: string) {
  const tally = new FrameTally();
  tally.add((await exec('ffprobe', frameProbeArgs(file))).stdout);
  return tally.result();
}

/** The bytes as an upload brings them: in pieces, with pauses between some of them. */
async function* arriving(bytes: Buffer, piece = 16 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += piece) {
    if ((at / piece) % 16 === 0) await delay(1);
    yield bytes.subarray(at, at + piece);
  }
}

/** Streams `bytes` through a measure into a new file, as the upload route does. */
async function receive(bytes: Buffer, start?: StartStreamedRun, finishMs?: number) {
  uploads += 1;
  const file = path.join(dir, `upload-${uploads}`);
  const measure = new MeasureWhileArriving(file, { start, finishMs });
  await writeTo(Readable.from(arriving(bytes)), file, measure);
  measure.arrived();
  return { file, measure };
}

/**
 * A stand-in decoder: `script` (sh, given the decoder's command and arguments as `$0 "$@"`)
 * reads the pipe; its output goes where the decoder's would, its exit status is the run's.
 */
function fakeDecoder(script: string): { start: StartStreamedRun; runs: StreamedRun[] } {
  const runs: StreamedRun[] = [];
  const start: StartStreamedRun = (command, args, onStdout) => {
    const child = spawn('sh', ['-c', script, command, ...args], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onStdout);
    child.stdin.on('error', () => undefined);
    const run: StreamedRun = {
      input: child.stdin,
      exited: new Promise((resolve) => child.once('close', (code) => resolve(code === 0))),
      stop: () => child.kill(),
    };
    runs.push(run);
    return run;
  };
  return { start, runs };
}

describe('measuring a track while it arrives', () => {
  it.each([
    ['a WAV', 'wav', () => encoded('toon.wav', ['-c:a', 'pcm_s16le'])],
    [
      'a WAV with nBlockAlign=0',
      'wav',
      async () => craftWav({ rate: 8000, bits: 8, seconds: 2, blockAlign: 0 }),
    ],
    [
      'a WAV whose header claims one sample',
      'wav',
      async () => craftWav({ rate: 384_000, bits: 16, seconds: 1.5, factSamples: 1 }),
    ],
    ['a FLAC', 'flac', () => encoded('toon.flac', ['-c:a', 'flac'])],
    ['an Ogg Vorbis', 'ogg', () => encoded('toon.ogg', ['-c:a', 'libvorbis'])],
    ['an Opus', 'opus', () => encoded('toon.opus', ['-c:a', 'libopus'])],
    ['an AAC (ADTS)', 'aac', () => encoded('toon.aac', ['-c:a', 'aac', '-f', 'adts'])],
  ])('measures %s exactly as the decode of the finished file', async (_label, kind, make) => {
    const { file, measure } = await receive(await make());
    const fromFile = await measuredFromFile(file);
    expect(fromFile).not.toBeNull();
    expect(await measure.measured(kind)).toEqual(fromFile);
  });

  it('measures a track whose decoder fell behind from the file, exactly as well', async () => {
    const bytes = await encoded('lang.wav', ['-c:a', 'pcm_s16le'], 40);
    const { start, runs } = fakeDecoder('sleep 1; exec "$0" "$@"');
    const { file, measure } = await receive(bytes, start);
    expect(await measure.measured('wav')).toEqual(await measuredFromFile(file));
    expect(runs).toHaveLength(1);
  });

  it('stops a decoder that has not finished in its time after the last byte', async () => {
    const { start, runs } = fakeDecoder('exec sleep 60');
    const { measure } = await receive(await encoded('toon.wav', ['-c:a', 'pcm_s16le']), start, 300);
    expect(await measure.measured('wav')).toBeNull();
    expect(await runs[0]?.exited).toBe(false);
  });

  it.each([
    [
      'an mp3 (its last frame is trimmed only where the decoder can seek)',
      'mp3',
      ['-c:a', 'libmp3lame', '-f', 'mp3'],
    ],
    ['an m4a (its index may follow the audio)', 'mp4', ['-c:a', 'aac', '-f', 'ipod']],
  ])('leaves %s to the decode of the file', async (_label, kind, codec) => {
    const { start, runs } = fakeDecoder('cat >/dev/null');
    const { measure } = await receive(await encoded(`toon-${kind}`, codec), start);
    expect(await measure.measured(kind)).toBeNull();
    expect(runs).toHaveLength(0);
  });

  it('leaves the measure to the file when no decoder may start', async () => {
    const { measure } = await receive(await encoded('toon.wav', ['-c:a', 'pcm_s16le']), () => null);
    expect(await measure.measured('wav')).toBeNull();
  });

  it('leaves the measure to the file when the decoder fails midway, and keeps every byte', async () => {
    const bytes = await encoded('lang.wav', ['-c:a', 'pcm_s16le'], 20);
    const { start, runs } = fakeDecoder('head -c 100000 >/dev/null; exit 1');
    const { file, measure } = await receive(bytes, start);
    expect(await measure.measured('wav')).toBeNull();
    expect(runs).toHaveLength(1);
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });

  it('never holds the upload up for a decoder that reads nothing', async () => {
    const bytes = await encoded('lang.wav', ['-c:a', 'pcm_s16le'], 20);
    const { start, runs } = fakeDecoder('exec sleep 60');
    const { file, measure } = await receive(bytes, start);
    expect((await readFile(file)).equals(bytes)).toBe(true);
    measure.stop();
    expect(await runs[0]?.exited).toBe(false);
  });

  it('stops the decoder of an upload that breaks off', async () => {
    const { start, runs } = fakeDecoder('cat >/dev/null');
    const file = path.join(dir, 'afgebroken');
    const measure = new MeasureWhileArriving(file, { start });
    const bytes = await encoded('toon.wav', ['-c:a', 'pcm_s16le']);
    const broken = Readable.from(
      (async function* () {
        yield* arriving(bytes.subarray(0, 200_000));
        throw new Error('connection reset');
      })(),
    );
    await expect(writeTo(broken, file, measure)).rejects.toThrow('connection reset');
    expect(await runs[0]?.exited).toBe(false);
  });
});
