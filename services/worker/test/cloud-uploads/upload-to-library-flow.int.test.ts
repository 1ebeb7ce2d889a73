/**
 * An approved listener upload into the built-in station's library, in one run on one Postgres and
 * Redis: the uploads service (LIBRARY_DIR set), this worker as its server starts it, and the requests
 * service with the built-in station, where a listener then finds and requests the song; the two
 * services run from their entry points.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudUpload, TrackSearchResponse } from '@radio/contracts';
import { createDb, type Db } from '@radio/db';
import { createLogger, parseConfig } from '@radio/service-kit';
import {
  createTestProcess,
  HttpTestClient,
  type TestProcess,
  type TestUser,
} from '@radio/service-kit/testing';
import { createAzuraCastSource } from '@radio/station';
import { createStorage, makeOwnedWorkDir } from '@radio/storage';
import {
  answersReadyz,
  freePort,
  NO_DEEZER_ENV,
  serviceEntrypoint,
  startServiceProcess,
  waitFor,
  type ServiceProcess,
} from '@radio/testing';
import { workerEnv } from '../../src/config.ts';
import { startWorker, type RunningWorker } from '../../src/worker.ts';
import { multipartBody } from '../../../uploads/test/audio.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-upload-library-'));
const libraryDir = path.join(dir, 'library');
const requestLibraryDir = path.join(dir, 'request-library');
const storageDir = path.join(dir, 'storage');
const DEADLINE_MS = 20_000;

let t: TestProcess;
let uploads: ServiceProcess;
let uploadsUrl: string;
let workerDb: Db;
let worker: RunningWorker;
let listener: TestUser;
let admin: TestUser;
/** The work folder of a job whose worker was killed (kill -9) before this one started. */
let orphan: string;

beforeAll(async () => {
  for (const folder of [libraryDir, requestLibraryDir, storageDir]) mkdirSync(folder);
  const port = await freePort();
  t = await createTestProcess(serviceEntrypoint('requests'), {
    ...NO_DEEZER_ENV,
    PORT: String(port),
    BUILT_IN_STATION_URL: `http://127.0.0.1:${port}`,
    LIBRARY_DIR: libraryDir,
    REQUEST_LIBRARY_DIR: requestLibraryDir,
  });
  await t.db.updateTable('djSettings').set({ requestsEnabled: true }).execute();
  const env = { ...t.env, LIBRARY_DIR: libraryDir, STORAGE_DIR: storageDir, LOG_LEVEL: 'silent' };
  const uploadsPort = await freePort();
  uploadsUrl = `http://127.0.0.1:${uploadsPort}`;
  uploads = await startServiceProcess({
    entrypoint: serviceEntrypoint('uploads'),
    env: { ...env, PORT: String(uploadsPort) },
    ready: answersReadyz(uploadsUrl),
    what: 'the uploads service',
  });

  const mine = await makeOwnedWorkDir(os.tmpdir(), 'radio-library-upload-');
  orphan = mine.replace(`~${process.pid}~`, `~${spawnSync('true').pid}~`);
  renameSync(mine, orphan);
  const config = parseConfig(workerEnv, env);
  workerDb = createDb(config.DATABASE_URL);
  worker = startWorker({
    db: workerDb,
    redisUrl: config.REDIS_URL,
    log: createLogger(config, 'worker'),
    createSource: createAzuraCastSource,
    ingestIntervalMs: config.INGEST_INTERVAL_SECONDS * 1000,
    storage: createStorage(config, { urlPrefix: '/files', signingSecret: 'worker' }),
    libraryDir: config.LIBRARY_DIR ?? null,
  });
  listener = await t.createUser({ name: 'Uploader' });
  admin = await t.createUser({ name: 'Moderator', role: 'admin' });
});

afterAll(async () => {
  await worker?.close();
  await workerDb?.destroy();
  await uploads?.stop();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(orphan, { recursive: true, force: true });
});

/** A client of the uploads service with the same session as `user` has on the requests one. */
async function uploadsClient(user: TestUser): Promise<HttpTestClient> {
  return new HttpTestClient(uploadsUrl, Object.fromEntries((await t.clientFor(user)).cookies));
}

/** A listener uploads a FLAC of a few seconds (a phone's "artist - title" file). */
async function uploadFlac(artist: string, title: string): Promise<CloudUpload> {
  const file = path.join(dir, `${artist} - ${title}.flac`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=330:sample_rate=44100', '-t', '4', '-ac', '2', '-c:a', 'flac'],
    ...['-metadata', 'album=Zelf opgenomen', file],
  ]);
  const { payload, headers } = await multipartBody(
    { bytes: readFileSync(file), name: path.basename(file), type: 'audio/flac' },
    { artist, title, submittedBy: 'Uploader' },
  );
  const response = await (
    await uploadsClient(listener)
  ).post('/api/cloud-upload', payload, {
    headers,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { upload: CloudUpload }).upload;
}

async function uploadView(id: number): Promise<CloudUpload | undefined> {
  const list = await (await uploadsClient(admin)).get('/api/cloud-uploads');
  return (list.json() as { uploads: CloudUpload[] }).uploads.find((upload) => upload.id === id);
}

describe('adding an approved upload to the station library', () => {
  it('puts a tagged MP3 in LIBRARY_DIR that a listener finds and requests', async () => {
    const moderator = await uploadsClient(admin);
    const upload = await uploadFlac('Sanne Veenstra', 'Nieuwe Zomer');

    const early = await moderator.post(`/api/cloud-uploads/${upload.id}/library`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'UPLOAD_NOT_APPROVED' });
    await moderator.patch(`/api/cloud-uploads/${upload.id}/status`, { status: 'approved' });

    const queued = await moderator.post(`/api/cloud-uploads/${upload.id}/library`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ upload: { libraryStatus: 'queued' } });
    await expect
      .poll(async () => (await uploadView(upload.id))?.libraryStatus, {
        timeout: DEADLINE_MS,
        interval: 100,
      })
      .toBe('added');
    expect(await uploadView(upload.id)).toMatchObject({
      libraryPath: 'Sanne Veenstra - Nieuwe Zomer.mp3',
      libraryError: null,
    });
    const file = path.join(libraryDir, 'Sanne Veenstra - Nieuwe Zomer.mp3');
    const { common, format } = await parseFile(file);
    // The names the admin approved; the album from the file's own tags.
    expect(common).toMatchObject({
      artist: 'Sanne Veenstra',
      title: 'Nieuwe Zomer',
      album: 'Zelf opgenomen',
    });
    expect(format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(format.duration).toBeCloseTo(4, 0);

    // Asked again: it is there already, nothing new is made.
    const again = await moderator.post(`/api/cloud-uploads/${upload.id}/library`);
    expect(again.statusCode).toBe(200);
    expect(readdirSync(libraryDir)).toEqual(['Sanne Veenstra - Nieuwe Zomer.mp3']);

    const requester = await t.clientFor(await t.createUser({ name: 'Joost' }));
    const found = (
      await requester.get(`/api/search?${new URLSearchParams({ title: 'nieuwe zomer' })}`)
    ).json() as TrackSearchResponse;
    const hit = found.data.find((result) => result.source === 'local');
    expect(hit).toMatchObject({
      filename: 'Sanne Veenstra - Nieuwe Zomer.mp3',
      artist: 'Sanne Veenstra',
      title: 'Nieuwe Zomer',
      available: true,
    });
    const requested = await requester.post('/api/requests', { filename: hit?.filename });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({ title: 'Nieuwe Zomer', position: 1 });
  });

  it('removes, when it starts, the work folder a killed worker left', async () => {
    await waitFor(async () => !existsSync(orphan), 'the work folder of the killed job removed');
  });

  it('says why it failed, and may be asked again', async () => {
    const moderator = await uploadsClient(admin);
    const upload = await uploadFlac('De Dijk', 'Verdwenen Track');
    await moderator.patch(`/api/cloud-uploads/${upload.id}/status`, { status: 'approved' });
    const stored = readdirSync(path.join(storageDir, 'cloud-uploads'));
    const row = await t.db
      .selectFrom('cloudUploads')
      .select('objectKey')
      .where('id', '=', upload.id)
      .executeTakeFirstOrThrow();
    expect(stored).toContain(path.basename(row.objectKey));
    rmSync(path.join(storageDir, row.objectKey));

    expect((await moderator.post(`/api/cloud-uploads/${upload.id}/library`)).statusCode).toBe(202);
    await expect
      .poll(async () => (await uploadView(upload.id))?.libraryStatus, {
        timeout: DEADLINE_MS,
        interval: 100,
      })
      .toBe('failed');
    expect(await uploadView(upload.id)).toMatchObject({
      libraryPath: null,
      libraryError: 'Het bestand van deze upload staat niet meer in de opslag.',
    });
    expect(existsSync(path.join(libraryDir, 'De Dijk - Verdwenen Track.mp3'))).toBe(false);

    const retry = await moderator.post(`/api/cloud-uploads/${upload.id}/library`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ upload: { libraryStatus: 'queued', libraryError: null } });
  });
});
