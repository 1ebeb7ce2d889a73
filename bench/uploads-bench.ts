/**
 * Track uploads for `make bench`: a 50 MB WAV (made once per run by ffmpeg, just under the
 * 52,428,800-byte limit) sent through the gateway to POST /api/cloud-upload by logged-in
 * listeners, one upload at a time and 5 at once. Each is measured against writing the same bytes
 * to a new file on the disk of the stack's DATA_DIR (streamed, fsync at the end) in the same run,
 * alternating with the uploads, and against a bare Node receiver (bench/bare-receiver.ts: the body
 * into a file, no gateway, no parsing), the least any Node service does with an upload. During
 * each phase the uploads service's RSS is sampled every 50 ms.
 * Every upload must answer 201 with the file's size: anything else fails the run (exit 1) after a
 * `failed` line. One JSON line per phase on stdout.
 *   node bench/uploads-bench.ts <gateway base URL> <uploads service pid> <work folder>
 * From the bench stack's environment: DATABASE_URL, SESSION_SECRET, PUBLIC_ORIGIN (the first is
 * sent as Origin), DATA_DIR; BENCH_UPLOAD_REPEATS (default 5) uploads one at a time, and
 * BENCH_UPLOAD_ROUNDS (default 3) rounds of 5 at once. MB here is 2^20 bytes, as in the limit.
 * BENCH_UPLOAD_DIRECT=1 sends the uploads straight to the service (UPLOADS_PORT), as the bare
 * receiver gets them, to tell what the gateway costs (not the report's measure).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CLOUD_UPLOAD_MAX_BYTES } from '../packages/contracts/src/index.ts';
import { createDb } from '../packages/db/src/index.ts';
import { createSessionCookie } from '../packages/service-kit/src/testing/session-cookie.ts';

const PARALLEL = 5;
const RSS_INTERVAL_MS = 50;
const MB = 1024 * 1024;
/** 16-bit stereo at 44.1 kHz is 176,400 B/s: 297.2 s stay just under the limit with the header. */
const AUDIO_SECONDS = 297.2;
const UPLOAD_TIMEOUT_MS = 120_000;
/** USER_HZ of /proc/<pid>/stat, 100 on Linux. */
const CLOCK_TICKS = 100;

const [base, pidArgument, workDir] = process.argv.slice(2);
const { DATABASE_URL, SESSION_SECRET, PUBLIC_ORIGIN, DATA_DIR } = process.env;
if (!base || !pidArgument || !workDir || !DATABASE_URL || !SESSION_SECRET || !DATA_DIR) {
  throw new Error(
    'usage: DATABASE_URL=… SESSION_SECRET=… DATA_DIR=… node bench/uploads-bench.ts <gateway base URL> <uploads pid> <work folder>',
  );
}
const pid = Number(pidArgument);
const repeats = Number(process.env.BENCH_UPLOAD_REPEATS ?? 5);
const rounds = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const origin = PUBLIC_ORIGIN?.split(',')[0] ?? new URL(base).origin;
const uploadUrl = new URL(
  '/api/cloud-upload',
  process.env.BENCH_UPLOAD_DIRECT === '1' ? `http://127.0.0.1:${process.env.UPLOADS_PORT}` : base,
);

const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
if (!cmdline.includes('services/uploads/')) {
  throw new Error(`process ${pid} is not the uploads service: ${cmdline}`);
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/** The service's resident memory in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(processId: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${processId}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${processId}`);
  return Number(match[1]) * 1024;
}

/**
 * The CPU seconds the process used so far (utime + stime of /proc/<pid>/stat), or with
 * `children` those of its ended children (cutime + cstime: the service's ffmpeg and ffprobe runs).
 */
function cpuSecondsOf(processId: number, children = false): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${processId}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = children ? 13 : 11;
  return (Number(fields[at]) + Number(fields[at + 1])) / CLOCK_TICKS;
}

/** RSS every RSS_INTERVAL_MS, and the CPU time used, from the call until `stop`. */
function watchService(processId: number) {
  const cpuBefore = cpuSecondsOf(processId);
  const childrenCpuBefore = cpuSecondsOf(processId, true);
  const baseline = rssOf(processId);
  const samples = [baseline];
  // Unref'd: a run that fails mid-phase still ends.
  const timer = setInterval(() => samples.push(rssOf(processId)), RSS_INTERVAL_MS).unref();
  return {
    stop() {
      clearInterval(timer);
      const end = rssOf(processId);
      samples.push(end);
      const peak = Math.max(...samples);
      return {
        baselineMB: round(baseline / MB),
        peakMB: round(peak / MB),
        endMB: round(end / MB),
        growthMB: round((peak - baseline) / MB),
        samples: samples.length,
        cpuSeconds: round(cpuSecondsOf(processId) - cpuBefore, 2),
        childrenCpuSeconds: round(cpuSecondsOf(processId, true) - childrenCpuBefore, 2),
      };
    },
  };
}

/** Writes a clean page cache state to disk, so no phase pays for the previous one's writeback. */
const flushDisks = (): void => {
  execFileSync('sync');
};

/** Streams `source` into a new file in `dir`, fsynced before it closes: a plain disk write. */
const diskCopy = (source: string, dir: string): Promise<void> =>
  pipeline(
    createReadStream(source),
    createWriteStream(path.join(dir, `copy-${randomBytes(8).toString('hex')}`), {
      flags: 'wx',
      flush: true,
    }),
  );

interface UploadAnswer {
  status: number;
  body: string;
}

/** POSTs the form (fields, then the file as `audio`) the way the upload page does. */
function upload(
  file: string,
  size: number,
  cookie: string,
  n: number,
  url: URL = uploadUrl,
): Promise<UploadAnswer> {
  const boundary = `----radio-bench-${randomBytes(12).toString('hex')}`;
  const fields = {
    artist: 'Bench Artiest',
    title: `Lange Track ${n}`,
    submittedBy: `Luisteraar ${n}`,
    message: 'Een track van 50 MB voor de benchmark.',
  };
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="Bench Artiest - Lange Track ${n}.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      timeout: UPLOAD_TIMEOUT_MS,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
        cookie,
        origin,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('upload timed out')));
    request.on('error', reject);
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
    );
    // A refusal can answer (and close) before the whole body is sent: the answer tells.
    pipeline(body, request).catch(() => undefined);
  });
}

const db = createDb(DATABASE_URL);
const failures: string[] = [];
let stopReceiver = (): void => {};
let answered = 0;
let sent = 0;
try {
  await mkdir(workDir, { recursive: true });
  const audio = path.join(workDir, 'track-50mb.wav');
  execFileSync('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(AUDIO_SECONDS), '-ac', '2', '-c:a', 'pcm_s16le'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', audio],
  ]);
  const { size } = await stat(audio);
  if (size >= CLOUD_UPLOAD_MAX_BYTES || size < CLOUD_UPLOAD_MAX_BYTES - MB) {
    throw new Error(`the WAV has ${size} bytes, not just under ${CLOUD_UPLOAD_MAX_BYTES}`);
  }
  const copies = path.join(DATA_DIR, 'bench-disk-baseline');
  await mkdir(copies, { recursive: true });
  const received = path.join(DATA_DIR, 'bench-bare-receiver');
  await mkdir(received, { recursive: true });
  const receiver = spawn(process.execPath, ['bench/bare-receiver.ts', received], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopReceiver = () => receiver.kill();
  const [portLine] = (await once(receiver.stdout, 'data')) as [Buffer];
  const receiverUrl = new URL(`http://127.0.0.1:${portLine.toString().trim()}/`);

  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: PARALLEL }, (_, i) => ({
        email: `uploader${i}-${Date.now()}@radio.bench`,
        passwordHash: 'not-used',
        name: `Uploader ${i}`,
      })),
    )
    .returning('id')
    .execute();
  const cookies = await Promise.all(
    users.map(async ({ id }) =>
      Object.entries(await createSessionCookie(db, SESSION_SECRET, id))
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; '),
    ),
  );

  /** `count` uploads at once, one per listener: the wall-clock seconds until all answered. */
  const uploadBatch = async (count: number): Promise<number> => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        sent += 1;
        const answer = await upload(audio, size, cookies[i] ?? '', sent).catch(
          (error: unknown): UploadAnswer => ({ status: 0, body: String(error) }),
        );
        const stored = answer.status === 201 ? (JSON.parse(answer.body) as unknown) : null;
        const sizeBytes = (stored as { upload?: { sizeBytes?: unknown } } | null)?.upload
          ?.sizeBytes;
        if (answer.status === 201 && sizeBytes === size) answered += 1;
        else failures.push(`${answer.status}: ${answer.body.slice(0, 300)}`);
      }),
    );
    return (performance.now() - started) / 1000;
  };
  /** The same form to the bare receiver (no gateway, no parsing): what any Node receiver costs. */
  const receiverBatch = async (count: number): Promise<number> => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => upload(audio, size, '', i, receiverUrl)),
    );
    const seconds = (performance.now() - started) / 1000;
    if (answers.some((answer) => answer.status !== 201))
      throw new Error('the bare receiver failed');
    await rm(received, { recursive: true, force: true });
    await mkdir(received);
    return seconds;
  };
  const diskBatch = async (count: number): Promise<number> => {
    const started = performance.now();
    await Promise.all(Array.from({ length: count }, () => diskCopy(audio, copies)));
    const seconds = (performance.now() - started) / 1000;
    await rm(copies, { recursive: true, force: true });
    await mkdir(copies);
    return seconds;
  };

  // A first upload loads what the service loads lazily (the multipart parser, the audio parsers).
  await uploadBatch(1);

  for (const [parallel, times] of [
    [1, repeats],
    [PARALLEL, rounds],
  ] as const) {
    const uploadRates: number[] = [];
    const diskRates: number[] = [];
    const receiverRates: number[] = [];
    // The service only works during its uploads: its CPU over the phase is theirs.
    const service = watchService(pid);
    for (let i = 0; i < times; i++) {
      flushDisks();
      diskRates.push((parallel * size) / MB / (await diskBatch(parallel)));
      flushDisks();
      receiverRates.push((parallel * size) / MB / (await receiverBatch(parallel)));
      flushDisks();
      uploadRates.push((parallel * size) / MB / (await uploadBatch(parallel)));
    }
    const { cpuSeconds, childrenCpuSeconds, ...rss } = service.stop();
    if (failures.length > 0) break;
    const uploadMBps = median(uploadRates);
    const diskMBps = median(diskRates);
    const receiverMBps = median(receiverRates);
    console.log(
      JSON.stringify({
        phase: 'uploads',
        parallel,
        repeats: times,
        bytes: size,
        uploadMBps: round(uploadMBps),
        diskMBps: round(diskMBps),
        ratio: round(uploadMBps / diskMBps, 2),
        receiverMBps: round(receiverMBps),
        receiverRatio: round(receiverMBps / diskMBps, 2),
        uploadRuns: uploadRates.map((n) => round(n)),
        diskRuns: diskRates.map((n) => round(n)),
        receiverRuns: receiverRates.map((n) => round(n)),
        rss,
        // The uploads service's CPU time per upload, over its uploads (not the copies or receiver).
        serviceCpuMsPerUpload: Math.round((cpuSeconds * 1000) / (parallel * times)),
        // Its decoder runs' CPU time per upload (not in the report's column).
        decoderCpuMsPerUpload: Math.round((childrenCpuSeconds * 1000) / (parallel * times)),
        answered,
        sent,
      }),
    );
  }
} catch (error) {
  failures.push(String(error));
} finally {
  stopReceiver();
  await db.destroy();
}
if (failures.length > 0) {
  console.log(JSON.stringify({ phase: 'failed', answered, sent, failures: failures.slice(0, 5) }));
  console.error(`upload benchmark FAILED: ${answered} of ${sent} uploads answered 201`);
  for (const failure of failures.slice(0, 5)) console.error(`  ${failure}`);
  process.exitCode = 1;
}
