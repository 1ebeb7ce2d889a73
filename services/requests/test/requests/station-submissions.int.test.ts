import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import {
  azuraCastError,
  azuraCastFixture,
  startFakeStationServer,
  type FakeStationServer,
} from '@radio/testing';
import type { RequestParts } from '../../src/app.ts';
import { StationSubmissions, type SubmissionLog } from '../../src/requests/station-submissions.ts';
import { SettingsRepository } from '../../src/settings/settings-repository.ts';
import { buildRequestsAppWith } from '../build.ts';
import { seedTrack, updateSettings } from './seed.ts';

const songs = azuraCastFixture('requests') as Array<{
  request_id: string;
  song: { artist: string; title: string };
}>;
const submitPath = (requestId: string) => `/api/station/1/request/${requestId}`;
const accepted = {
  status: 200,
  json: { success: true, message: 'Your request has been submitted and will be played soon.' },
};

let t: TestApp;
let parts: RequestParts;
let station: FakeStationServer;
let admin: TestClient;

beforeAll(async () => {
  station = await startFakeStationServer();
  t = await createTestApp(
    buildRequestsAppWith({
      expose: (exposed) => {
        parts = exposed;
      },
    }),
  );
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await station.close();
});
beforeEach(async () => {
  station.reset();
  for (const song of songs) station.respond(submitPath(song.request_id), accepted);
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('libraryTracks').execute();
  await updateSettings(t.app.db, {
    requestsEnabled: true,
    broadcastingMode: 'live',
    nonstopUrl: station.nowPlayingUrl,
    nonstopApiKey: 'azuracast-sleutel',
  });
});

/** The fake AzuraCast's song `index` in our library index, as the worker's scan stores it. */
function azuraCastTrack(index: number): Promise<number> {
  const song = songs[index];
  if (!song) throw new Error(`the requests fixture has no song ${index}`);
  return seedTrack(t.app.db, {
    source: station.url,
    title: song.song.title,
    artist: song.song.artist,
    path: `${song.song.artist} - ${song.song.title}.mp3`,
    requestId: song.request_id,
  });
}

/** A listener asks for the song during the live show; the DJ approves it. Answers its id. */
async function approvedDuringLiveShow(index: number): Promise<number> {
  const client = await t.clientFor(await t.createUser());
  const created = await client.post('/api/requests', {
    libraryTrackId: await azuraCastTrack(index),
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().status).toBe('pending');
  const id: number = created.json().id;
  const approved = await admin.patch(`/api/requests/${id}/status`, { status: 'approved' });
  expect(approved.json().status).toBe('approved');
  return id;
}

const submissions = () => station.requests.filter((r) => r.path.includes('/request/'));

const switchTo = (mode: 'live' | 'nonstop') =>
  admin.patch('/api/admin/broadcasting-mode', { mode });

async function request(id: number) {
  return t.app.db
    .selectFrom('songRequests')
    .select(['status', 'stationSubmittedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('AzuraCast requests approved during a live show', () => {
  it('go to AzuraCast once, with the station key, when the station is back in nonstop', async () => {
    const id = await approvedDuringLiveShow(0);
    expect(submissions()).toEqual([]);

    const back = await switchTo('nonstop');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      broadcastingMode: 'nonstop',
      isLive: false,
      stationSubmissions: { sent: 1, notSent: 0 },
    });
    expect(submissions()).toHaveLength(1);
    expect(submissions()[0]).toMatchObject({
      method: 'POST',
      path: submitPath(songs[0]?.request_id ?? ''),
    });
    expect(submissions()[0]?.headers['x-api-key']).toBe('azuracast-sleutel');
    expect(await request(id)).toMatchObject({ status: 'approved' });
    expect((await request(id)).stationSubmittedAt).toBeInstanceOf(Date);
    // AzuraCast queues it: nothing of it goes into our own automation queue.
    expect(await t.app.db.selectFrom('automationQueue').selectAll().execute()).toEqual([]);

    expect((await switchTo('live')).json().stationSubmissions).toEqual({ sent: 0, notSent: 0 });
    const again = await switchTo('nonstop');
    expect(again.json().stationSubmissions).toEqual({ sent: 0, notSent: 0 });
    expect(submissions()).toHaveLength(1);
  });

  it('go oldest approval first; rejected and pending ones stay here', async () => {
    const later = await approvedDuringLiveShow(1);
    const earlier = await approvedDuringLiveShow(2);
    // Approved in the other order than asked.
    await t.app.db
      .updateTable('songRequests')
      .set({ reviewedAt: new Date(Date.now() - 60_000) })
      .where('id', '=', earlier)
      .execute();
    const rejected = await approvedDuringLiveShow(3);
    await admin.patch(`/api/requests/${rejected}/status`, { status: 'rejected' });
    const client = await t.clientFor(await t.createUser());
    const pending = await client.post('/api/requests', { libraryTrackId: await azuraCastTrack(4) });

    expect((await switchTo('nonstop')).json().stationSubmissions).toEqual({ sent: 2, notSent: 0 });
    expect(submissions().map((r) => r.path)).toEqual([
      submitPath(songs[2]?.request_id ?? ''),
      submitPath(songs[1]?.request_id ?? ''),
    ]);
    expect((await request(later)).stationSubmittedAt).not.toBeNull();
    expect(await request(rejected)).toEqual({ status: 'rejected', stationSubmittedAt: null });
    expect(await request(pending.json().id)).toEqual({
      status: 'pending',
      stationSubmittedAt: null,
    });
  });

  it('stay approved and unsent when AzuraCast refuses, and go at the next switch', async () => {
    const refused = await approvedDuringLiveShow(0);
    const taken = await approvedDuringLiveShow(1);
    station.respond(
      submitPath(songs[0]?.request_id ?? ''),
      azuraCastError(
        500,
        'Cannot submit request: This song or artist has been played too recently. Wait a while before requesting it again.',
        'CannotCompleteActionException',
      ),
    );
    const back = await switchTo('nonstop');
    expect(back.statusCode).toBe(200);
    expect(back.json().stationSubmissions).toEqual({ sent: 1, notSent: 1 });
    expect(await request(refused)).toEqual({ status: 'approved', stationSubmittedAt: null });
    expect((await request(taken)).stationSubmittedAt).not.toBeNull();

    station.respond(submitPath(songs[0]?.request_id ?? ''), accepted);
    await switchTo('live');
    expect((await switchTo('nonstop')).json().stationSubmissions).toEqual({
      sent: 1,
      notSent: 0,
    });
    expect((await request(refused)).stationSubmittedAt).not.toBeNull();
    expect(submissions().map((r) => r.path)).toEqual([
      submitPath(songs[0]?.request_id ?? ''),
      submitPath(songs[1]?.request_id ?? ''),
      submitPath(songs[0]?.request_id ?? ''),
    ]);
  });

  it.each([
    ['unreachable', { nonstopUrl: 'http://127.0.0.1:9/api/nowplaying/1' }, undefined],
    ['failing', {}, azuraCastError(500, 'Database kapot')],
  ] as const)('never fail the switch when AzuraCast is %s', async (_, settings, answer) => {
    const first = await approvedDuringLiveShow(0);
    const second = await approvedDuringLiveShow(1);
    if ('nonstopUrl' in settings) await updateSettings(t.app.db, settings);
    if (answer) station.respond(submitPath(songs[0]?.request_id ?? ''), answer);

    const started = Date.now();
    const back = await switchTo('nonstop');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      broadcastingMode: 'nonstop',
      stationSubmissions: { sent: 0, notSent: 2 },
    });
    expect((await t.client().get('/api/dj-settings')).json().broadcastingMode).toBe('nonstop');
    // The first failure ends the pass: the second was not tried.
    expect(submissions().filter((r) => r.path === submitPath(songs[1]?.request_id ?? ''))).toEqual(
      [],
    );
    for (const id of [first, second]) {
      expect(await request(id)).toEqual({ status: 'approved', stationSubmittedAt: null });
    }

    // AzuraCast back: the service's next start sends them.
    await updateSettings(t.app.db, { nonstopUrl: station.nowPlayingUrl });
    station.respond(submitPath(songs[0]?.request_id ?? ''), accepted);
    await parts.requests.reconcile();
    for (const id of [first, second]) {
      expect((await request(id)).stationSubmittedAt).not.toBeNull();
    }
  });

  it('are sent once when two admins switch at once', async () => {
    const id = await approvedDuringLiveShow(0);
    // A slow AzuraCast: the second switch arrives while the first is sending.
    station.respond(submitPath(songs[0]?.request_id ?? ''), { ...accepted, delayMs: 300 });
    const other = await t.as('admin');
    const answers = await Promise.all([
      switchTo('nonstop'),
      other.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().stationSubmissions.sent).sort()).toEqual([0, 1]);
    expect(submissions()).toHaveLength(1);
    expect((await request(id)).stationSubmittedAt).not.toBeNull();
  });

  it('are sent once when two copies of the service start at once', async () => {
    await approvedDuringLiveShow(0);
    await approvedDuringLiveShow(1);
    await updateSettings(t.app.db, { broadcastingMode: 'nonstop' });
    station.respond(submitPath(songs[0]?.request_id ?? ''), { ...accepted, delayMs: 200 });
    await Promise.all([parts.requests.reconcile(), parts.requests.reconcile()]);
    expect(submissions().map((r) => r.path)).toEqual([
      submitPath(songs[0]?.request_id ?? ''),
      submitPath(songs[1]?.request_id ?? ''),
    ]);
  });

  it('are not sent again after an approval in nonstop or a submit in nonstop sent them', async () => {
    // Asked during the live show, approved once the station is back in nonstop: sent at once.
    const client = await t.clientFor(await t.createUser());
    const asked = await client.post('/api/requests', { libraryTrackId: await azuraCastTrack(0) });
    await updateSettings(t.app.db, { broadcastingMode: 'nonstop' });
    await admin.patch(`/api/requests/${asked.json().id}/status`, { status: 'approved' });
    // Asked in nonstop: sent at once.
    const other = await t.clientFor(await t.createUser());
    const direct = await other.post('/api/requests', { libraryTrackId: await azuraCastTrack(1) });
    expect(direct.json().status).toBe('approved');
    expect(submissions()).toHaveLength(2);
    for (const id of [asked.json().id, direct.json().id]) {
      expect((await request(id)).stationSubmittedAt).not.toBeNull();
    }

    expect((await switchTo('live')).statusCode).toBe(200);
    expect((await switchTo('nonstop')).json().stationSubmissions).toEqual({ sent: 0, notSent: 0 });
    expect(submissions()).toHaveLength(2);
  });
});

describe('StationSubmissions', () => {
  function capture(): SubmissionLog & { lines: Array<[Record<string, unknown>, string]> } {
    const lines: Array<[Record<string, unknown>, string]> = [];
    return {
      lines,
      info: (fields, message) => void lines.push([fields, message]),
      warn: (fields, message) => void lines.push([fields, message]),
    };
  }

  const build = (log: SubmissionLog, pacing: { rateLimitWaitMs?: number; budgetMs?: number }) => {
    const settings = new SettingsRepository(t.app.db);
    return new StationSubmissions({
      db: t.app.db,
      settings: () => settings.get(),
      queue: parts.queue,
      log,
      ...pacing,
    });
  };

  it("logs a refusal with the request id and AzuraCast's reason", async () => {
    const id = await approvedDuringLiveShow(0);
    await updateSettings(t.app.db, { broadcastingMode: 'nonstop' });
    const reason = 'Cannot submit request: This song was already requested and will play soon.';
    station.respond(
      submitPath(songs[0]?.request_id ?? ''),
      azuraCastError(500, reason, 'CannotCompleteActionException'),
    );
    const log = capture();
    expect(await build(log, {}).submitApproved()).toEqual({ sent: 0, notSent: 1 });
    expect(log.lines).toContainEqual([
      expect.objectContaining({ requestId: id, reason, stationRequestId: songs[0]?.request_id }),
      expect.stringContaining('refused'),
    ]);
  });

  it('waits out AzuraCast’s rate limit within its budget, and leaves the rest past it', async () => {
    await approvedDuringLiveShow(0);
    await approvedDuringLiveShow(1);
    await updateSettings(t.app.db, { broadcastingMode: 'nonstop' });
    const limited = { status: 429, json: { message: 'Too many requests', success: false } };
    station.respond(submitPath(songs[1]?.request_id ?? ''), limited);

    const passing = build(capture(), { rateLimitWaitMs: 150, budgetMs: 5_000 }).submitApproved();
    await expect
      .poll(() => submissions().filter((r) => r.path === submitPath(songs[1]?.request_id ?? '')))
      .toHaveLength(1);
    station.respond(submitPath(songs[1]?.request_id ?? ''), accepted);
    expect(await passing).toEqual({ sent: 2, notSent: 0 });

    await updateSettings(t.app.db, { broadcastingMode: 'live' });
    await approvedDuringLiveShow(2);
    await updateSettings(t.app.db, { broadcastingMode: 'nonstop' });
    station.respond(submitPath(songs[2]?.request_id ?? ''), limited);
    const log = capture();
    expect(await build(log, { rateLimitWaitMs: 100, budgetMs: 250 }).submitApproved()).toEqual({
      sent: 0,
      notSent: 1,
    });
    const tries = submissions().filter((r) => r.path === submitPath(songs[2]?.request_id ?? ''));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(log.lines.at(-1)?.[1]).toContain('no more requests');
  });

  it('sends nothing while the station is live', async () => {
    await approvedDuringLiveShow(0);
    expect(await build(capture(), {}).submitApproved()).toEqual({ sent: 0, notSent: 0 });
    expect(submissions()).toEqual([]);
  });
});
