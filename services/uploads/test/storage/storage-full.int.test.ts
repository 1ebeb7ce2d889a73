import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { makeRecording, multipartBody } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';
import { storedState, workDirs } from '../uploads.ts';

let t: TestApp;
let storageDir: string;
let listener: TestUser;
let base: string;
let cookie: string;
/** One kept-open connection, as the gateway's to a copy of the service. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-full-storage-'));
  // A small disk of its own over the storage folder (unmounted in afterAll, also after a failure).
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', storageDir]);
  t = await createTestApp(buildUploadsApp, { STORAGE_DIR: storageDir, STORAGE_MIN_FREE_MB: '1' });
  listener = await t.createUser({ name: 'Vuller' });
  const client = await t.clientFor(listener);
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  agent.destroy();
  await t?.close();
  execFileSync('umount', ['-l', storageDir]);
  await rm(storageDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

function request(
  method: string,
  target: string,
  body?: { payload: Buffer; headers: Record<string, string> },
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${base}${target}`,
      { method, agent, headers: { cookie, ...body?.headers }, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            ms: Date.now() - started,
          }),
        );
      },
    );
    call.on('timeout', () => call.destroy(new Error(`no answer to ${method} ${target} in 10 s`)));
    call.on('error', reject);
    call.end(body?.payload);
  });
}

const trackForm = (megabytes: number) =>
  multipartBody(
    { bytes: Buffer.alloc(megabytes * 1024 * 1024, 1), name: 'groot.mp3', type: 'audio/mpeg' },
    { artist: 'A', title: 'T', submittedBy: 'Vuller' },
  );

/** uploads_storage_full_total by cause. */
async function storageFullCount(cause: 'floor' | 'write'): Promise<number> {
  const metric = await t.app.metrics.getSingleMetric('uploads_storage_full_total')?.get();
  return metric?.values.find((value) => value.labels.cause === cause)?.value ?? 0;
}

function expectStorageFull(answer: Answer, what = 'upload'): void {
  expect(answer.status, answer.body).toBe(507);
  expect(JSON.parse(answer.body)).toMatchObject({
    code: 'STORAGE_FULL',
    message: `De opslag is vol: je ${what} is niet bewaard. Probeer het later opnieuw.`,
  });
  expect(answer.headers['retry-after']).toBe('900');
  expect(answer.ms).toBeLessThan(2000);
}

describe('a full disk', () => {
  it('refuses an upload that fills it with a fast Dutch 507, keeps nothing and answers the next call at once', async () => {
    const before = await storedState(t, storageDir, 'cloudUploads');
    const counted = await storageFullCount('write');
    expectStorageFull(await request('POST', '/api/cloud-upload', await trackForm(12)));
    expect(await storedState(t, storageDir, 'cloudUploads')).toEqual(before);
    expect(await workDirs(storageDir)).toEqual([]);
    expect(await storageFullCount('write')).toBe(counted + 1);
    const next = await request('GET', '/api/cloud-uploads/mine');
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(1000);
  });

  it('refuses a voice message that fills it the same way', async () => {
    const before = await storedState(t, storageDir, 'voiceMessages');
    const form = await multipartBody({
      bytes: Buffer.alloc(12 * 1024 * 1024, 1),
      name: 'opname.webm',
      type: 'audio/webm',
    });
    expectStorageFull(await request('POST', '/api/voicetrack-upload', form), 'spraakbericht');
    expect(await storedState(t, storageDir, 'voiceMessages')).toEqual(before);
    expect(await workDirs(storageDir)).toEqual([]);
    expect((await request('GET', '/api/cloud-uploads/mine')).ms).toBeLessThan(1000);
  });

  it('refuses a recording whose transcoded copy no longer fits as full storage, not as unreadable', async () => {
    const recording = await makeRecording(os.tmpdir(), 'webm', { seconds: 90 });
    const form = await multipartBody({ bytes: recording, name: 'opname.webm', type: 'audio/webm' });
    const before = await storedState(t, storageDir, 'voiceMessages');
    // Room for the recording (and above the 1 MB floor), none for its 1.4 MB mp3.
    const filler = path.join(storageDir, 'vulling');
    const { bavail, bsize } = await statfs(storageDir);
    await writeFile(filler, Buffer.alloc(bavail * bsize - 1.25 * 1024 * 1024));
    const counted = await storageFullCount('write');
    try {
      expectStorageFull(await request('POST', '/api/voicetrack-upload', form), 'spraakbericht');
    } finally {
      await rm(filler);
    }
    expect(await storedState(t, storageDir, 'voiceMessages')).toEqual(before);
    expect(await workDirs(storageDir)).toEqual([]);
    expect(await storageFullCount('write')).toBe(counted + 1);
  });

  it('refuses every upload before reading it while less than STORAGE_MIN_FREE_MB is free', async () => {
    const filler = path.join(storageDir, 'vulling');
    const { bavail, bsize } = await statfs(storageDir);
    await writeFile(filler, Buffer.alloc(bavail * bsize - 512 * 1024));
    try {
      const counted = await storageFullCount('floor');
      expectStorageFull(await request('POST', '/api/cloud-upload', await trackForm(1)));
      expect(await workDirs(storageDir)).toEqual([]);
      expect(await storageFullCount('floor')).toBe(counted + 1);
      const gauge = await t.app.metrics.getSingleMetric('uploads_storage_free_bytes')?.get();
      expect(gauge?.values[0]?.value).toBeLessThan(1024 * 1024);
    } finally {
      await rm(filler);
    }
  });
});
