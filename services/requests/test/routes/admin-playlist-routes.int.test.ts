import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PLAYLIST_TEXTS, type AdminPlaylistResponse } from '@radio/contracts';
import { builtInNowPlayingUrl, builtInStationPaths } from '@radio/station';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import {
  azuraCastError,
  azuraCastFixture,
  fakeStationPaths,
  startFakeStationServer,
  type FakeStationServer,
} from '@radio/testing';
import type { RequestParts } from '../../src/app.ts';
import { buildRequestsAppWith } from '../build.ts';
import {
  BUILT_IN_SOURCE,
  BUILT_IN_STATION_URL,
  LIBRARY,
  STATION_KEY,
  submitBuiltInRequest,
} from '../queue/built-in-station.ts';
import { seedTrack, updateSettings } from '../requests/seed.ts';

const KEY = STATION_KEY;

let t: TestApp;
let parts: RequestParts;
let admin: TestClient;
let station: FakeStationServer;

beforeAll(async () => {
  station = await startFakeStationServer();
  t = await createTestApp(
    buildRequestsAppWith({
      expose: (exposed) => {
        parts = exposed;
      },
    }),
    { LIBRARY_DIR: LIBRARY, BUILT_IN_STATION_URL },
  );
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await station.close();
});
beforeEach(async () => {
  station.reset();
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('libraryTracks').execute();
  await updateSettings(t.app.db, {
    broadcastingMode: 'nonstop',
    nonstopUrl: builtInNowPlayingUrl(BUILT_IN_STATION_URL),
    nonstopApiKey: 'test-station-api-key',
  });
});

/** A track of the built-in station's library, as its scan indexes it; answers its path. */
async function libraryTrack(artist: string, title: string, duration = 200): Promise<string> {
  const path = `Klassiekers/${artist} - ${title}.mp3`;
  await seedTrack(t.app.db, {
    title,
    artist,
    path,
    requestId: path,
    source: BUILT_IN_SOURCE,
    duration,
  });
  return path;
}

/** An admin's manual entry at the end of the queue: a jingle of the library, inserted as an admin does. */
async function manual(title: string): Promise<void> {
  const path = `Jingles/${title}.mp3`;
  await seedTrack(t.app.db, {
    title,
    artist: 'Radio Lokaal',
    path,
    requestId: path,
    source: BUILT_IN_SOURCE,
    duration: 30,
  });
  const end = (await parts.queue.listing()).waiting.length + 1;
  expect(await parts.queue.insertTrackAt(path, end, {})).toEqual({ ok: true });
}

/** A listener's request, queued on submit; one with a voice message once an admin approves it. */
async function request(title: string, artist: string, { withVoice = false } = {}) {
  const created = await submitBuiltInRequest(t, title, artist, {
    withVoice,
    name: `Luisteraar ${title}`,
  });
  if (withVoice) {
    const approved = await admin.patch(`/api/requests/${created.id}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
  }
  return created;
}

async function playlist(client = admin): Promise<AdminPlaylistResponse> {
  const response = await client.get('/api/admin/playlist?machine=1');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const titles = (list: AdminPlaylistResponse) => list.entries.map((entry) => entry.title);

describe('the admin playlist of the built-in station', () => {
  it('lists what plays next in order, with its facts and start times, without the entry already handed to the station', async () => {
    await manual('Station-ID');
    const { id: requestId } = await request('Tegenwind', 'Femke de Wit');
    await manual('Weerbericht');
    // Liquidsoap has taken the head: it is prepared or playing, no longer movable.
    expect((await t.client().get(builtInStationPaths.next, { headers: KEY })).statusCode).toBe(200);

    const list = await playlist();
    expect(list).toMatchObject({ machine: 1, count: 2, reorderable: true, reason: null });
    expect(list.version).toEqual(expect.any(String));
    expect(list.entries).toEqual([
      {
        position: 1,
        id: expect.any(String),
        title: 'Tegenwind',
        artist: 'Femke de Wit',
        album: null,
        duration: 215,
        filename: 'Verzoek/Femke de Wit - Tegenwind.mp3',
        kind: 'request',
        requestId,
        requesterName: 'Luisteraar Tegenwind',
        expectedStartTime: expect.any(String),
      },
      expect.objectContaining({
        position: 2,
        title: 'Weerbericht',
        filename: 'Jingles/Weerbericht.mp3',
        kind: 'manual',
        requestId: null,
        requesterName: null,
      }),
    ]);
    const [first, second] = list.entries.map((entry) => Date.parse(entry.expectedStartTime ?? ''));
    // After the handed-out jingle (30 s), then after the request (215 s).
    expect((second ?? 0) - (first ?? 0)).toBe(215_000);
  });

  it('moves an entry to another position and answers the new order', async () => {
    for (const title of ['Een', 'Twee', 'Drie', 'Vier']) await manual(title);

    const moved = await admin.post('/api/admin/playlist/move', {
      fromPosition: 4,
      toPosition: 2,
      machine: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(titles(moved.json())).toEqual(['Een', 'Vier', 'Twee', 'Drie']);
    const down = await admin.post('/api/admin/playlist/move', { fromPosition: 1, toPosition: 4 });
    expect(titles(down.json())).toEqual(['Vier', 'Twee', 'Drie', 'Een']);
    // What the station gets next follows the new order.
    const next = await t.client().get(builtInStationPaths.next, { headers: KEY });
    expect(next.json()).toEqual({ uri: `${LIBRARY}/Jingles/Vier.mp3` });
  });

  it('moves a request with its voice message, which stays right before its song', async () => {
    await manual('Een');
    await manual('Twee');
    await request('Tegenwind', 'Femke de Wit', { withVoice: true });
    expect(titles(await playlist())).toEqual([
      'Een',
      'Twee',
      'Spraakbericht bij Tegenwind',
      'Tegenwind',
    ]);

    const moved = await admin.post('/api/admin/playlist/move', { fromPosition: 4, toPosition: 1 });
    expect(titles(moved.json())).toEqual([
      'Spraakbericht bij Tegenwind',
      'Tegenwind',
      'Een',
      'Twee',
    ]);
    // An entry dropped between a voice message and its song goes before the pair.
    const between = await admin.post('/api/admin/playlist/move', {
      fromPosition: 4,
      toPosition: 2,
    });
    expect(titles(between.json())).toEqual([
      'Twee',
      'Spraakbericht bij Tegenwind',
      'Tegenwind',
      'Een',
    ]);
  });

  it('refuses positions out of range in Dutch, changing nothing', async () => {
    for (const title of ['Een', 'Twee']) await manual(title);
    for (const body of [
      { fromPosition: 3, toPosition: 1 },
      { fromPosition: 1, toPosition: 3 },
    ]) {
      const response = await admin.post('/api/admin/playlist/move', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_POSITION',
        message: 'Ongeldige positie: kies een positie van 1 tot en met 2',
      });
    }
    const zero = await admin.post('/api/admin/playlist/move', { fromPosition: 0, toPosition: 1 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/Ongeldige positie/);
    const machine = await admin.get('/api/admin/playlist?machine=abc');
    expect(machine.statusCode).toBe(400);
    expect(machine.json().message).toMatch(/Ongeldige machine/);
    expect(titles(await playlist())).toEqual(['Een', 'Twee']);
  });

  it('refuses a stale move (the queue changed since the admin read it) with 409, changing nothing', async () => {
    for (const title of ['Een', 'Twee', 'Drie']) await manual(title);
    const seen = await playlist();
    const other = await t.clientFor(await t.createUser({ role: 'admin' }));
    expect(
      (await other.post('/api/admin/playlist/move', { fromPosition: 3, toPosition: 1 })).statusCode,
    ).toBe(200);
    const afterOther = titles(await playlist());

    const byVersion = await admin.post('/api/admin/playlist/move', {
      fromPosition: 1,
      toPosition: 2,
      version: seen.version,
    });
    expect(byVersion.statusCode).toBe(409);
    expect(byVersion.json()).toEqual({
      code: 'QUEUE_CHANGED',
      message: ADMIN_PLAYLIST_TEXTS.stale,
    });
    const byEntry = await admin.post('/api/admin/playlist/move', {
      fromPosition: 1,
      toPosition: 2,
      entryId: seen.entries[0]?.id,
    });
    expect(byEntry.statusCode).toBe(409);
    const insert = await admin.post('/api/admin/playlist/insert', {
      filename: await libraryTrack('Golden Earring', 'Radar Love'),
      position: 1,
      version: seen.version,
    });
    expect(insert.statusCode).toBe(409);
    expect(titles(await playlist())).toEqual(afterOther);

    // With the fresh list the same move goes through.
    const fresh = await playlist();
    const ok = await admin.post('/api/admin/playlist/move', {
      fromPosition: 1,
      toPosition: 2,
      version: fresh.version,
      entryId: fresh.entries[0]?.id,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().version).not.toBe(fresh.version);
  });

  it('inserts a library track found by search as a manual entry at the position', async () => {
    await manual('Een');
    await manual('Twee');
    const filename = await libraryTrack('Golden Earring', 'Radar Love', 380);
    const search = await admin.get('/api/search?artist=Golden%20Earring&title=Radar%20Love');
    const hit = (search.json() as { data: { filename?: string }[] }).data[0];
    expect(hit?.filename).toBe(filename);

    const inserted = await admin.post('/api/admin/playlist/insert', {
      filename,
      position: 2,
      machine: 1,
    });
    expect(inserted.statusCode).toBe(200);
    const list = inserted.json() as AdminPlaylistResponse;
    expect(titles(list)).toEqual(['Een', 'Radar Love', 'Twee']);
    expect(list.entries[1]).toMatchObject({
      artist: 'Golden Earring',
      duration: 380,
      filename,
      kind: 'manual',
    });
    const atEnd = await admin.post('/api/admin/playlist/insert', { filename, position: 4 });
    expect(titles(atEnd.json())).toEqual(['Een', 'Radar Love', 'Twee', 'Radar Love']);
    // Liquidsoap gets the file itself.
    await t.client().get(builtInStationPaths.next, { headers: KEY });
    const next = await t.client().get(builtInStationPaths.next, { headers: KEY });
    expect(next.json()).toEqual({ uri: `${LIBRARY}/${filename}` });
  });

  it('refuses an unknown track with 404 and a position past the end with 400', async () => {
    await manual('Een');
    const unknown = await admin.post('/api/admin/playlist/insert', {
      filename: 'Klassiekers/Bestaat Niet.mp3',
      position: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'TRACK_NOT_FOUND',
      message: ADMIN_PLAYLIST_TEXTS.unknownTrack,
    });
    const gone = await libraryTrack('Doe Maar', 'Pa');
    await t.app.db
      .updateTable('libraryTracks')
      .set({ goneAt: new Date() })
      .where('path', '=', gone)
      .execute();
    expect(
      (await admin.post('/api/admin/playlist/insert', { filename: gone, position: 1 })).statusCode,
    ).toBe(404);
    const past = await admin.post('/api/admin/playlist/insert', {
      filename: await libraryTrack('Golden Earring', 'Radar Love'),
      position: 3,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Ongeldige positie: kies een positie van 1 tot en met 2');
    expect(titles(await playlist())).toEqual(['Een']);
  });
});

describe('two admins changing the queue at once', () => {
  it('never lose or duplicate an entry: the same set plus the inserts, positions contiguous', async () => {
    const start = Array.from({ length: 12 }, (_, i) => `Nummer ${i + 1}`);
    for (const title of start) await manual(title);
    const filename = await libraryTrack('Golden Earring', 'Radar Love');
    const before = await playlist();
    const other = await t.clientFor(await t.createUser({ role: 'admin' }));
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return (seed % n) + 1;
    };
    const calls = Array.from({ length: 60 }, (_, i) => {
      const client = i % 2 === 0 ? admin : other;
      if (i % 10 === 9) {
        return client.post('/api/admin/playlist/insert', { filename, position: random(12) });
      }
      return client.post('/api/admin/playlist/move', {
        fromPosition: random(12),
        toPosition: random(12),
      });
    });
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const after = await playlist();
    const ids = after.entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(after.count).toBe(12 + 6);
    expect(after.entries.map((entry) => entry.position)).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    for (const entry of before.entries) expect(ids).toContain(entry.id);
    expect(titles(after).filter((title) => title === 'Radar Love')).toHaveLength(6);
    const rows = await t.app.db.selectFrom('automationQueue').select('position').execute();
    expect(new Set(rows.map((row) => row.position)).size).toBe(18);
  });

  it('lets exactly one of many moves against the same list through; the others are stale', async () => {
    for (const title of ['Een', 'Twee', 'Drie', 'Vier', 'Vijf']) await manual(title);
    const seen = await playlist();
    const other = await t.clientFor(await t.createUser({ role: 'admin' }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? admin : other).post('/api/admin/playlist/move', {
          fromPosition: (i % 4) + 1,
          toPosition: 5,
          version: seen.version,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const after = await playlist();
    expect([...titles(after)].sort()).toEqual(['Drie', 'Een', 'Twee', 'Vier', 'Vijf'].sort());
  });
});

describe('the admin playlist with an AzuraCast source', () => {
  beforeEach(async () => {
    await updateSettings(t.app.db, {
      nonstopUrl: station.nowPlayingUrl,
      nonstopApiKey: 'azuracast-sleutel',
    });
  });

  it("shows AzuraCast's queue, not reorderable, and says why", async () => {
    const fixture = azuraCastFixture('queue') as {
      song: { title: string; artist: string };
      played_at: number | null;
    }[];
    const list = await playlist();
    expect(list).toMatchObject({
      machine: 1,
      count: fixture.length,
      reorderable: false,
      reason: ADMIN_PLAYLIST_TEXTS.azuraCast,
    });
    expect(list.entries.map((entry) => [entry.position, entry.artist, entry.title])).toEqual(
      fixture.map((row, i) => [i + 1, row.song.artist, row.song.title]),
    );
    expect(list.entries[0]).toMatchObject({ kind: 'station', id: null });
    const asked = station.requests.find((r) => r.path === fakeStationPaths.queue);
    expect(asked?.headers['x-api-key']).toBe('azuracast-sleutel');
  });

  it('refuses moves and inserts with 409 and the reason', async () => {
    await manual('Een');
    await manual('Twee');
    const move = await admin.post('/api/admin/playlist/move', { fromPosition: 1, toPosition: 2 });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({
      code: 'QUEUE_NOT_REORDERABLE',
      message: ADMIN_PLAYLIST_TEXTS.azuraCast,
    });
    const insert = await admin.post('/api/admin/playlist/insert', {
      filename: await libraryTrack('Golden Earring', 'Radar Love'),
      position: 1,
    });
    expect(insert.statusCode).toBe(409);
    expect(
      (
        await t.app.db.selectFrom('automationQueue').select('title').orderBy('position').execute()
      ).map((row) => row.title),
    ).toEqual(['Een', 'Twee']);
  });

  it('answers a fast 503 in Dutch when AzuraCast fails', async () => {
    station.respond(fakeStationPaths.queue, azuraCastError(500, 'Database kapot'));
    const response = await admin.get('/api/admin/playlist');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'STATION_UNAVAILABLE',
      message: ADMIN_PLAYLIST_TEXTS.stationUnavailable,
    });
  });
});
