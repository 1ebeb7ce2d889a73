/**
 * Requests for an AzuraCast station from end to end, per AzuraCast version (0.19.3, 0.22, 0.23)
 * and language (en, nl), on one Postgres and Redis: the requests service, started from its entry
 * point, and the worker as its server starts it, against the behavioural fake AzuraCast (virtual
 * clock), with the fake Deezer and the worker's fake downloader for a Deezer request. Everything
 * is asserted through the requests service's HTTP API as a listener or admin sees it, and through
 * the fake's own state.
 *
 * The await-station-requestable job retries every 30 s in real time; here its handler (the
 * worker's own, jobHandlers) is run directly after the fake's clock has moved, as is the
 * library scan after requests are switched off.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequest, OwnRequest, TrackSearchResponse } from '@radio/contracts';
import { createDb, type Db, type DjSettingsTable } from '@radio/db';
import { createLogger, parseConfig } from '@radio/service-kit';
import {
  createTestProcess,
  type HttpTestClient as TestClient,
  type TestProcess,
} from '@radio/service-kit/testing';
import { createAzuraCastSource } from '@radio/station';
import {
  FAKE_DEEZER_TRACK_ID,
  FAKE_VALID_ARL,
  serviceEntrypoint,
  startFakeAzuraCast,
  startFakeDeezer,
  startFakeDeezerGateway,
  waitFor,
  type FakeAzuraCast,
  type FakeAzuraCastLocale,
  type FakeAzuraCastVersion,
  type FakeDeezer,
  type FakeDeezerGateway,
  type FakeMediaInput,
} from '@radio/testing';
import type { AcquisitionSettings } from '../../src/acquisition/acquire-deezer-track.ts';
import { NotRequestableYet } from '../../src/acquisition/await-station-requestable.ts';
import { workerEnv } from '../../src/config.ts';
import { jobHandlers, runJob, type JobHandlers } from '../../src/jobs/handlers.ts';
import { startWorker, type RunningWorker } from '../../src/worker.ts';

const KEY = '0123456789abcdef:0123456789abcdef0123456789abcdef';
const DEADLINE_MS = 20_000;
const INGEST_INTERVAL_MS = 1_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-azuracast-flow-'));
const requestLibraryDir = path.join(dir, 'request-library');
const trace = path.join(dir, 'trace.txt');

/** The station's playlists: a Verzoekjes playlist (requests allowed, not yet scheduled). */
const PLAYLISTS = [
  { id: 1, name: 'Hollandse Hits' },
  { id: 2, name: 'Nederpop Classics' },
  { id: 4, name: 'Verzoekjes', scheduledNow: false },
  { id: 5, name: 'Zomer' },
];
const MEDIA: FakeMediaInput[] = [
  ['Hollandse Hits/BLOF - Zoutelande.mp3', 'BLØF', 'Zoutelande', 188, [1]],
  ['Zomer/Danny Vera - Roller Coaster.mp3', 'Danny Vera', 'Roller Coaster', 215, [5]],
  ['Hollandse Hits/Duncan Laurence - Arcade.mp3', 'Duncan Laurence', 'Arcade', 184, [1]],
  ['Hollandse Hits/Froukje - Groter dan ik.mp3', 'Froukje', 'Groter dan ik', 178, [1]],
  ['Hollandse Hits/Goldband - Noodgeval.mp3', 'Goldband', 'Noodgeval', 201, [1]],
  ['Hollandse Hits/Kensington - Sorry.mp3', 'Kensington', 'Sorry', 230, [1, 2]],
  [
    'Hollandse Hits/Suzan & Freek - Als het avond is.mp3',
    'Suzan & Freek',
    'Als het avond is',
    213,
    [1],
  ],
  ["Nederpop Classics/Anouk - Nobody's Wife.mp3", 'Anouk', "Nobody's Wife", 248, [2]],
].map(([file, artist, title, length, playlistIds]) => ({
  path: file as string,
  artist: artist as string,
  title: title as string,
  length: length as number,
  playlistIds: playlistIds as number[],
}));

/** What each version says, per language (azuracast-facts.md §3, §5). */
function saysFor(version: FakeAzuraCastVersion, locale: FakeAzuraCastLocale) {
  const is0193 = version === '0.19.3';
  const nl = locale === 'nl';
  return {
    requestsOff: is0193
      ? 'This feature is not currently supported on this station.'
      : 'This station does not currently accept requests.',
    notRequestable: is0193
      ? nl
        ? 'Het opgeven nummer ID voor dit station kan niet worden aangevraagd.'
        : 'The song ID you specified cannot be requested for this station.'
      : `${nl ? 'Kan aanvraag niet indienen' : 'Cannot submit request'}: This track is not requestable.`,
    // Anonymous: no key user, so the language of our Accept-Language (Dutch) in every locale.
    // 0.19.3 and 0.22 translate the text without minutes with a fixed "15 minuten"; 0.23's text
    // with the real minutes has no Dutch yet.
    tooRecent:
      version === '0.19.3'
        ? 'U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.'
        : version === '0.22'
          ? 'Kan aanvraag niet indienen: U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.'
          : 'Kan aanvraag niet indienen: You have submitted a request too recently! Please wait 5 minutes before submitting another one.',
    tooRecentMinutes: version === '0.23' ? 5 : 15,
  };
}

const refusal = (said: string): string =>
  `De zender neemt dit verzoekje niet aan. De zender zegt: “${said}”`;

let deezer: FakeDeezer;
let gateway: FakeDeezerGateway;
let t: TestProcess;
let workerDb: Db;
let redis: Redis;

const updateSettings = async (db: Db, changes: Updateable<DjSettingsTable>): Promise<void> => {
  await db.updateTable('djSettings').set(changes).where('id', '=', 1).execute();
};

beforeAll(async () => {
  mkdirSync(requestLibraryDir);
  deezer = await startFakeDeezer();
  gateway = await startFakeDeezerGateway();
  t = await createTestProcess(serviceEntrypoint('requests'), {
    DEEZER_API_URL: deezer.url,
    DEEZER_GATEWAY_URL: gateway.url,
    REQUEST_LIBRARY_DIR: requestLibraryDir,
  });
  workerDb = createDb(t.env.DATABASE_URL ?? '');
  redis = new Redis(t.env.REDIS_URL ?? '');
  const admin = await t.as('admin');
  const arl = await admin.post('/api/admin/update-deezer-arl', { arl: FAKE_VALID_ARL });
  expect(arl.json()).toMatchObject({ tested: true, valid: true });
});

afterAll(async () => {
  redis?.disconnect();
  await workerDb?.destroy();
  await t?.close();
  await deezer?.close();
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The worker as its server starts it (its env parsed), with the fake downloader writing a 386 s MP3. */
function startTheWorker(): { worker: RunningWorker; handlers: JobHandlers } {
  const downloader = fileURLToPath(new URL('fake-downloaders/writes-audio.sh', import.meta.url));
  const config = parseConfig(workerEnv, {
    ...t.env,
    // The AzuraCast station takes the file through its files API: no request library here.
    REQUEST_LIBRARY_DIR: undefined,
    LOG_LEVEL: 'silent',
    DEEZER_DOWNLOAD_COMMAND: JSON.stringify([
      'bash',
      ...[downloader, '{url}', '{outdir}', '{bitrate}', '{configdir}', trace, '386', 'mp3'],
    ]),
  });
  const log = createLogger(config, 'worker');
  const acquisition: AcquisitionSettings = {
    command: config.DEEZER_DOWNLOAD_COMMAND ?? null,
    timeoutMs: config.DEEZER_DOWNLOAD_TIMEOUT_SECONDS * 1000,
    bitrate: config.DEEZER_DOWNLOAD_BITRATE,
    requestLibraryDir: config.REQUEST_LIBRARY_DIR ?? null,
    requestPlaylist: config.AZURACAST_REQUEST_PLAYLIST,
  };
  const worker = startWorker({
    db: workerDb,
    redisUrl: config.REDIS_URL,
    log,
    createSource: createAzuraCastSource,
    ingestIntervalMs: INGEST_INTERVAL_MS,
    libraryScanIntervalMs: config.LIBRARY_SCAN_MINUTES * 60_000,
    acquisition,
  });
  // The worker's own handlers, to run a job now rather than at its next retry.
  const handlers = jobHandlers({
    db: workerDb,
    redis,
    log,
    createSource: createAzuraCastSource,
    ingestIntervalMs: INGEST_INTERVAL_MS,
    enqueue: (name, data) => worker.jobs.enqueue(name, data),
    acquisition,
  });
  return { worker, handlers };
}

async function search(client: TestClient, title: string) {
  const response = await client.get(`/api/search?${new URLSearchParams({ title })}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as TrackSearchResponse).data.filter((hit) => hit.source === 'local');
}

async function adminView(id: number): Promise<AdminRequest | undefined> {
  const admin = await t.as('admin');
  const list = (await admin.get('/api/requests?pageSize=100')).json() as { data: AdminRequest[] };
  return list.data.find((request) => request.id === id);
}

async function mine(client: TestClient, id: number): Promise<OwnRequest | undefined> {
  const list = (await client.get('/api/requests/mine')).json() as { data: OwnRequest[] };
  return list.data.find((request) => request.id === id);
}

async function listener(): Promise<TestClient> {
  return t.clientFor(await t.createUser());
}

const combos = (['0.19.3', '0.22', '0.23'] as const).flatMap((version) =>
  (['en', 'nl'] as const).map((locale) => ({ version, locale })),
);

describe.each(combos)('AzuraCast $version ($locale)', ({ version, locale }) => {
  const says = saysFor(version, locale);
  let fake: FakeAzuraCast;
  let worker: RunningWorker;
  let handlers: JobHandlers;

  const mediaOf = (title: string) => {
    const found = fake.media().find((m) => m.title === title);
    if (!found) throw new Error(`the fake has no ${title}`);
    return found;
  };
  const trackId = async (title: string): Promise<number> => {
    const row = await t.db
      .selectFrom('libraryTracks')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  /** Moves past the request delay, then plays on until `title` airs (at most 10 songs). */
  const playUntilAired = (title: string): void => {
    const { id } = mediaOf(title);
    fake.advance(11 * 60_000);
    for (let i = 0; i < 10 && fake.history().at(-1)?.mediaId !== id; i++) fake.playNext();
    expect(fake.history().at(-1)?.mediaId).toBe(id);
  };
  /** Past AzuraCast's rate limit (0.19.3: 2 submits per 5 s per IP). */
  const pastRateLimit = (): void => fake.advance(6_000);

  beforeAll(async () => {
    fake = await startFakeAzuraCast({
      version,
      locale,
      apiKeys: { [KEY]: { permissions: ['view', 'reports', 'broadcasting', 'media'] } },
      media: MEDIA,
      playlists: PLAYLISTS,
      requestThresholdMinutes: 0,
      random: () => 0,
      startAt: new Date(),
    });
    for (const table of ['songRequests', 'libraryTracks', 'playHistory'] as const) {
      await t.db.deleteFrom(table).execute();
    }
    await updateSettings(t.db, {
      broadcastingMode: 'nonstop',
      nonstopUrl: fake.nowPlayingUrl,
      nonstopApiKey: KEY,
      requestsEnabled: true,
      trackCooldownHours: 0,
      artistCooldownHours: 0,
      maxRequestsPerIp: 1000,
      maxRequestsPerBrowser: 1000,
    });
    ({ worker, handlers } = startTheWorker());
  });
  afterAll(async () => {
    await worker?.close();
    await fake?.close();
  });

  it('the worker indexes the library; the search finds a requestable track', async () => {
    await waitFor(
      async () =>
        (await t.db.selectFrom('libraryTracks').select('id').execute()).length === MEDIA.length,
      'the library scan',
      DEADLINE_MS,
    );
    const hits = await search(await listener(), "Nobody's Wife");
    expect(hits).toEqual([
      expect.objectContaining({ title: "Nobody's Wife", artist: 'Anouk', available: true }),
    ]);
  });

  it('a library request is submitted, listed by the station, airs and is marked played', async () => {
    const client = await listener();
    pastRateLimit();
    const created = await client.post('/api/requests', {
      libraryTrackId: await trackId("Nobody's Wife"),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ status: 'approved', stationStep: 'submitted' });
    expect(await adminView(id)).toMatchObject({ status: 'approved', stationStep: 'submitted' });
    const media = mediaOf("Nobody's Wife");
    expect(fake.songRequests()).toEqual([
      expect.objectContaining({ mediaId: media.id, playedAt: null }),
    ]);

    playUntilAired("Nobody's Wife");
    await waitFor(
      async () => (await mine(client, id))?.status === 'played',
      'the ingest marks the request played',
      DEADLINE_MS,
    );
  });

  it('a Deezer request is uploaded, submitted once listed, airs and is marked played', async () => {
    const client = await listener();
    pastRateLimit();
    const created = await client.post('/api/requests', {
      source: 'deezer',
      deezer_id: FAKE_DEEZER_TRACK_ID,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await waitFor(
      async () => (await adminView(id))?.stationStep === 'awaiting_requestable',
      'the upload',
      DEADLINE_MS,
    );
    const uploaded = mediaOf('Radar Love');
    expect(uploaded).toMatchObject({ artist: 'Golden Earring', playlistIds: [4] });

    // The playlist is scheduled from now on, but AzuraCast's 600 s cache of requestable
    // playlists, filled by any caller before (here: this one), does not know yet.
    expect((await fetch(`${fake.url}/api/station/1/requests`)).status).toBe(200);
    fake.setPlaylist(4, { scheduledNow: true });
    const job = { requestId: id, uploadedAt: new Date().toISOString() };
    await expect(runJob(handlers, 'await-station-requestable', job)).rejects.toBeInstanceOf(
      NotRequestableYet,
    );
    expect((await adminView(id))?.stationStep).toBe('awaiting_requestable');

    fake.advance(601_000);
    await runJob(handlers, 'await-station-requestable', job);
    await waitFor(
      async () => (await adminView(id))?.stationStep === 'submitted',
      'the submit of the uploaded track',
      DEADLINE_MS,
    );
    expect(fake.songRequests().filter((r) => r.mediaId === uploaded.id)).toHaveLength(1);

    playUntilAired('Radar Love');
    await waitFor(
      async () => (await mine(client, id))?.status === 'played',
      'the ingest marks the Deezer request played',
      DEADLINE_MS,
    );
  });

  it("refusals reach the listener in the station's words, with its wait; nothing is stored", async () => {
    const count = async (): Promise<number> =>
      (await t.db.selectFrom('songRequests').select('id').execute()).length;
    const before = await count();

    // Requests switched off at the station.
    fake.setRequestsEnabled(false);
    pastRateLimit();
    const off = await (
      await listener()
    ).post('/api/requests', {
      libraryTrackId: await trackId('Groter dan ik'),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'STATION_REFUSED',
      message: refusal(says.requestsOff),
    });
    fake.setRequestsEnabled(true);

    // The track's only playlist no longer takes requests (Dutch where the nl locale has it).
    fake.setPlaylist(5, { includeInRequests: false });
    pastRateLimit();
    const notRequestable = await (
      await listener()
    ).post('/api/requests', {
      libraryTrackId: await trackId('Roller Coaster'),
    });
    expect(notRequestable.statusCode).toBe(409);
    expect(notRequestable.json()).toMatchObject({
      code: 'STATION_REFUSED',
      message: refusal(says.notRequestable),
    });
    fake.setPlaylist(5, { includeInRequests: true });
    expect(await count()).toBe(before);

    // Without a key: AzuraCast's per-IP cooldown (request_delay, 5 min) for the second listener.
    await updateSettings(t.db, { nonstopApiKey: null });
    fake.advance(6 * 60_000);
    const first = await (
      await listener()
    ).post('/api/requests', {
      libraryTrackId: await trackId('Noodgeval'),
    });
    expect(first.statusCode).toBe(201);
    const second = await (
      await listener()
    ).post('/api/requests', {
      libraryTrackId: await trackId('Sorry'),
    });
    await updateSettings(t.db, { nonstopApiKey: KEY });
    // Every version names minutes in the words it answers in: the listener gets them as a wait.
    const minutes = says.tooRecentMinutes;
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: 'STATION_WAIT',
      message: `${refusal(says.tooRecent)} Probeer het over ${minutes} minuten opnieuw.`,
    });
    expect(second.headers['retry-after']).toBe(String(minutes * 60));
    expect(await count()).toBe(before + 1);
  });

  // The same in every version and language (the station never answers in time): run once.
  it.runIf(version === '0.23' && locale === 'nl')(
    'a slow station never delays another listener',
    async () => {
      const slowMedia = mediaOf('Arcade');
      // A second past our 5-s limit for a station call: the requests service runs in a process of
      // its own, so an answer at exactly the limit raced with it on a busy machine.
      fake.respond(`/api/station/1/request/${slowMedia.uniqueId}`, { delayMs: 6_000 });
      pastRateLimit();
      const slowStarted = performance.now();
      let slowAnswered = false;
      const slow = (await listener())
        .post('/api/requests', { libraryTrackId: await trackId('Arcade') })
        .then((response) => {
          slowAnswered = true;
          return { response, ms: performance.now() - slowStarted };
        });
      // The slow submit is with the station before the others start.
      await waitFor(
        async () => fake.requests.some((r) => r.path.endsWith(slowMedia.uniqueId)),
        'the slow submit reaching the station',
        DEADLINE_MS,
      );

      const other = await listener();
      const otherStarted = performance.now();
      const fast = await other.post('/api/requests', {
        libraryTrackId: await trackId('Als het avond is'),
      });
      const fastMs = performance.now() - otherStarted;
      const pendingStarted = performance.now();
      const pending = await other.get('/api/pending-requests');
      const pendingMs = performance.now() - pendingStarted;

      expect(fast.statusCode).toBe(201);
      expect(pending.statusCode).toBe(200);
      // Both answered while the slow one still waited on the station: nothing it holds blocks them.
      expect(slowAnswered).toBe(false);
      const { response, ms } = await slow;
      console.info(
        `${version} ${locale}: slow submit ${Math.round(ms)} ms (HTTP ${response.statusCode}), other submit ${Math.round(fastMs)} ms, pending ${Math.round(pendingMs)} ms`,
      );
      expect(ms).toBeGreaterThanOrEqual(4_900);
      // AzuraCast answered after our 5-s limit for a request: the listener is told, nothing kept.
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'STATION_UNAVAILABLE' });
      const arcade = await t.db
        .selectFrom('songRequests')
        .select('id')
        .where('title', '=', 'Arcade')
        .execute();
      expect(arcade).toEqual([]);
      fake.reset();
    },
  );

  it('the library scan survives requests switched off: indexed, none requestable', async () => {
    fake.setRequestsEnabled(false);
    await runJob(handlers, 'scan-library', {});
    const tracks = await t.db
      .selectFrom('libraryTracks')
      .select(['title', 'requestable', 'goneAt'])
      .execute();
    expect(tracks).toHaveLength(MEDIA.length + 1);
    expect(tracks.filter((track) => track.goneAt !== null)).toEqual([]);
    expect(tracks.filter((track) => track.requestable)).toEqual([]);
    fake.setRequestsEnabled(true);
  });
});
