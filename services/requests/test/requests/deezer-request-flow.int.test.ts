/**
 * A Deezer request from search to the queue in one run, on one Postgres and Redis: this service
 * (the built-in station configured, Deezer and its gateway faked at the HTTP boundary) and the
 * worker started from its entry point, with a fake downloader that writes a real MP3 (ffmpeg). Also
 * the built-in library by library path: indexed by the worker's scan, found and requested by it.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminRequest, TrackSearchResponse } from '@radio/contracts';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { builtInStationPaths, type PublishedQueue } from '@radio/station';
import {
  FAKE_DEEZER_TRACK_ID,
  FAKE_VALID_ARL,
  freePort,
  startFakeDeezer,
  startFakeDeezerGateway,
  type FakeDeezer,
  type FakeDeezerGateway,
  type ServiceProcess,
} from '@radio/testing';
import { makeMp3 } from '../audio.ts';
import { buildRequestsApp } from '../build.ts';
import { startTestWorker } from './test-worker.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-deezer-flow-'));
const libraryDir = path.join(dir, 'library');
const requestLibraryDir = path.join(dir, 'request-library');
const trace = path.join(dir, 'trace.txt');
/** Enough for the worker's scan, a download and five tries with back-off; it takes seconds. */
const DEADLINE_MS = 20_000;

let deezer: FakeDeezer;
let gateway: FakeDeezerGateway;
let t: TestApp;
let worker: ServiceProcess | undefined;

beforeAll(async () => {
  for (const folder of [libraryDir, requestLibraryDir]) mkdirSync(folder);
  makeMp3(path.join(requestLibraryDir, 'Anneke Bosman - Zomeravond aan Zee.mp3'), {
    tags: { artist: 'Anneke Bosman', title: 'Zomeravond aan Zee' },
  });
  deezer = await startFakeDeezer();
  gateway = await startFakeDeezerGateway();
  const port = await freePort();
  t = await createTestApp(buildRequestsApp, {
    DEEZER_API_URL: deezer.url,
    DEEZER_GATEWAY_URL: gateway.url,
    BUILT_IN_STATION_URL: `http://127.0.0.1:${port}`,
    LIBRARY_DIR: libraryDir,
    REQUEST_LIBRARY_DIR: requestLibraryDir,
    // Five tries of a failing download within about 3 s.
    DEEZER_DOWNLOAD_RETRY_SECONDS: '0.2',
  });
  await t.app.listen({ host: '127.0.0.1', port });

  // An admin stores a valid ARL (tested against the fake gateway).
  const admin = await t.as('admin');
  const arl = await admin.post('/api/admin/update-deezer-arl', { arl: FAKE_VALID_ARL });
  expect(arl.json()).toMatchObject({ tested: true, valid: true });
  await t.app.db.updateTable('djSettings').set({ requestsEnabled: true }).execute();
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await deezer?.close();
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startTheWorker(downloader: 'writes-audio' | 'writes-nothing'): Promise<void> {
  worker = await startTestWorker({
    env: { ...t.env, REQUEST_LIBRARY_DIR: requestLibraryDir },
    downloader,
    trace,
  });
}

beforeEach(async () => {
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

async function search(client: TestClient, query: Record<string, string>) {
  const response = await client.get(`/api/search?${new URLSearchParams(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as TrackSearchResponse;
}

async function adminView(id: number): Promise<AdminRequest | undefined> {
  const admin = await t.as('admin');
  const list = (await admin.get('/api/requests?pageSize=100')).json() as { data: AdminRequest[] };
  return list.data.find((request) => request.id === id);
}

const stationQueue = async (): Promise<PublishedQueue> =>
  (
    await t
      .client()
      .get(builtInStationPaths.queue, { headers: { 'x-api-key': t.env.STATION_API_KEY ?? '' } })
  ).json();

/** A listener finds Radar Love on Deezer, requestable, and asks for it: 201, download pending. */
async function requestRadarLove(): Promise<number> {
  const client = await t.clientFor(await t.createUser({ name: 'Sanne' }));
  const found = await search(client, { artist: 'Golden Earring', title: 'Radar Love' });
  const hit = found.data.find((result) => result.deezer_id === FAKE_DEEZER_TRACK_ID);
  expect(hit).toMatchObject({ source: 'deezer', title: 'Radar Love', available: true });
  const created = await client.post('/api/requests', {
    source: 'deezer',
    deezer_id: FAKE_DEEZER_TRACK_ID,
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({
    source: 'deezer',
    title: 'Radar Love',
    status: 'approved',
    downloadStatus: 'pending',
    position: null,
  });
  return created.json().id as number;
}

describe('the built-in library, indexed by the worker', () => {
  it('is searched and requested by library path, never by server path, and queued as the file', async () => {
    await startTheWorker('writes-audio');
    const client = await t.clientFor(await t.createUser({ name: 'Joost' }));
    // The worker's scan at start.
    await expect
      .poll(
        async () =>
          (await t.app.db.selectFrom('libraryTracks').select('path').execute()).map(
            (row) => row.path,
          ),
        { timeout: DEADLINE_MS, interval: 100 },
      )
      .toEqual(['verzoek/Anneke Bosman - Zomeravond aan Zee.mp3']);
    const hit = (await search(client, { title: 'zomeravnd' })).data.find(
      (result) => result.source === 'local',
    );
    expect(hit?.filename).toBe('verzoek/Anneke Bosman - Zomeravond aan Zee.mp3');
    expect(hit?.filename).not.toContain(dir);

    const created = await client.post('/api/requests', { filename: hit?.filename });
    expect(created.statusCode).toBe(201);
    expect((await stationQueue()).map((entry) => entry.autodj_custom_uri)).toEqual([
      path.join(requestLibraryDir, 'Anneke Bosman - Zomeravond aan Zee.mp3'),
    ]);
  });
});

describe('a Deezer request with the fake downloader', () => {
  it('ends as a queued library track', async () => {
    await startTheWorker('writes-audio');
    const id = await requestRadarLove();

    await expect
      .poll(async () => (await stationQueue()).map((entry) => entry.song.title), {
        timeout: DEADLINE_MS,
        interval: 100,
      })
      .toEqual(['Radar Love']);
    const [entry] = await stationQueue();
    const file = path.join(requestLibraryDir, 'Golden Earring - Radar Love.mp3');
    expect(entry).toMatchObject({ is_request: true, autodj_custom_uri: file });
    expect(existsSync(file)).toBe(true);
    expect(await adminView(id)).toMatchObject({
      downloadStatus: 'ready',
      filename: 'verzoek/Golden Earring - Radar Love.mp3',
      libraryTrackId: expect.any(Number),
      position: 1,
    });

    // Now a library track: listed once, as local, waiting in the queue.
    const client = await t.clientFor(await t.createUser({ name: 'Kees' }));
    const results = (await search(client, { title: 'Radar Love' })).data.filter(
      (result) => result.title === 'Radar Love',
    );
    expect(results).toEqual([
      expect.objectContaining({
        source: 'local',
        filename: 'verzoek/Golden Earring - Radar Love.mp3',
        available: false,
      }),
    ]);
  });

  it('that writes nothing ends failed with a Dutch reason for the admin, and nothing is queued', async () => {
    rmSync(path.join(requestLibraryDir, 'Golden Earring - Radar Love.mp3'), { force: true });
    await t.app.db.deleteFrom('libraryTracks').where('title', '=', 'Radar Love').execute();
    await startTheWorker('writes-nothing');
    const id = await requestRadarLove();

    await expect
      .poll(async () => (await adminView(id))?.downloadStatus, {
        timeout: DEADLINE_MS,
        interval: 100,
      })
      .toBe('failed');
    const failed = await adminView(id);
    expect(failed).toMatchObject({ status: 'approved', libraryTrackId: null, position: null });
    expect(failed?.downloadError).toMatch(/^De downloader schreef geen bestand\./);
    expect(failed?.downloadError).toContain('Track not available: 3108251');
    expect(failed?.downloadError).not.toContain(FAKE_VALID_ARL);
    const { downloadAttempts } = await t.app.db
      .selectFrom('songRequests')
      .select('downloadAttempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(downloadAttempts).toBe(5);
    expect(await stationQueue()).toEqual([]);
    expect(readdirSync(requestLibraryDir)).toEqual(['Anneke Bosman - Zomeravond aan Zee.mp3']);
  });
});
