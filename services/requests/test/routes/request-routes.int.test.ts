import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEEZER_DOWNLOADER_KEY,
  NOW_PLAYING_KEY,
  REQUEST_TRACK_READY_CHANNEL,
} from '@radio/contracts';
import { JobProducer } from '@radio/contracts/jobs-producer';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { startFakeDeezer, type FakeDeezer } from '@radio/testing';
import type { RequestParts } from '../../src/app.ts';
import { buildRequestsAppWith } from '../build.ts';
import { seedPlay, seedTrack, seedVoiceMessage, updateSettings } from '../requests/seed.ts';
import { isValidPathSignature, pathSigningSecret } from '@radio/storage';

let now = new Date('2026-11-24T12:00:00Z');
const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

let t: TestApp;
let parts: RequestParts;
let deezer: FakeDeezer;

beforeAll(async () => {
  deezer = await startFakeDeezer();
  t = await createTestApp(
    buildRequestsAppWith({
      clock: () => now,
      expose: (exposed) => {
        parts = exposed;
      },
    }),
    {
      DEEZER_API_URL: deezer.url,
      LIBRARY_DIR: '/srv/bibliotheek',
      REQUEST_LIBRARY_DIR: '/srv/verzoeken',
    },
  );
});
afterAll(async () => {
  await t.close();
  await deezer.close();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('playHistory').execute();
  await t.app.redis.del(NOW_PLAYING_KEY);
  // A worker with a downloader is running (it keeps this key alive).
  await t.app.redis.set(DEEZER_DOWNLOADER_KEY, '1');
  await updateSettings(t.app.db, {
    requestsEnabled: true,
    broadcastingMode: 'nonstop',
    maxRequestsPerIp: 1000,
    maxRequestsPerBrowser: 3,
    deezerArl: 'a'.repeat(192),
  });
  now = new Date(now.getTime() + 2 * 86_400_000);
});

async function listener(fields: Parameters<TestApp['createUser']>[0] = {}) {
  const user = await t.createUser(fields);
  return { user, client: await t.clientFor(user) };
}

const submit = (client: TestClient, body: Record<string, unknown>, ip = '127.0.0.1') =>
  client.request({ method: 'POST', url: '/api/requests', payload: body, remoteAddress: ip });

describe('POST /api/requests', () => {
  it('accepts a library track: approved, queued first, expected after the current song', async () => {
    await t.app.redis.set(
      NOW_PLAYING_KEY,
      JSON.stringify({
        stationName: 'Radio',
        isLive: false,
        isStale: false,
        current: {
          playedAt: 0,
          duration: 200,
          elapsed: 80,
          song: { artist: 'a', title: 'b', album: null },
        },
        history: [],
        observedAt: now.getTime(),
      }),
    );
    const id = await seedTrack(t.app.db, {
      title: 'Radar Love',
      artist: 'Golden Earring',
      album: 'Moontan',
      duration: 386,
    });
    const { client, user } = await listener({ name: 'Sanne' });
    const response = await submit(client, {
      libraryTrackId: id,
      requesterName: 'Iemand anders',
      message: '  Voor mijn moeder!  ',
      browserFingerprint: 'browser-1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Radar Love',
      artist: 'Golden Earring',
      album: 'Moontan',
      source: 'local',
      requesterName: 'Sanne',
      message: 'Voor mijn moeder!',
      duration: 386,
      status: 'approved',
      position: 1,
      expectedStartTime: new Date(now.getTime() + 120_000).toISOString(),
      browserFingerprint: 'browser-1',
    });
    const stored = await t.app.db.selectFrom('songRequests').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      userId: user.id,
      requesterIp: '127.0.0.1',
      downloadStatus: 'not_needed',
    });
    const queue = await parts.queue.entries();
    expect(queue.map((e) => [e.kind, e.uri])).toEqual([
      ['request', '/srv/bibliotheek/Golden Earring - Radar Love.mp3'],
    ]);
  });

  it('refuses the 4th request within an hour with the exact wait, and again after the hour', async () => {
    const { client } = await listener();
    for (let i = 0; i < 3; i += 1) {
      expect((await submit(client, { libraryTrackId: await seedTrack(t.app.db) })).statusCode).toBe(
        201,
      );
    }
    advance(48);
    const refused = await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Je kunt over 12 minuten weer een verzoekje indienen.',
      code: 'HOURLY_LIMIT',
      retryAfter: 720,
    });
    expect(refused.headers['retry-after']).toBe('720');
    advance(12);
    expect((await submit(client, { libraryTrackId: await seedTrack(t.app.db) })).statusCode).toBe(
      201,
    );
  });

  it('accepts exactly 3 of 20 parallel submits with a limit of 3', async () => {
    const { client } = await listener();
    const ids = await Promise.all(Array.from({ length: 20 }, () => seedTrack(t.app.db)));
    const responses = await Promise.all(ids.map((id) => submit(client, { libraryTrackId: id })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(await parts.queue.entries()).toHaveLength(3);
  });

  it('gives two users asking for the same track at once one request', async () => {
    const id = await seedTrack(t.app.db);
    const [a, b] = await Promise.all([listener(), listener()]);
    const responses = await Promise.all([
      submit(a.client, { libraryTrackId: id }),
      submit(b.client, { libraryTrackId: id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      code: 'ALREADY_WAITING',
      message: 'Dit nummer staat al in de wachtrij.',
    });
    // Free again once it has aired (200 s: nothing plays now) and its 3 h cooldown has passed.
    expect(refused?.json().retryAfter).toBe(200 + 3 * 3600);
    expect(refused?.headers['retry-after']).toBe(String(200 + 3 * 3600));
  });

  it('answers a retried submit with the request it already made', async () => {
    const id = await seedTrack(t.app.db);
    const { client } = await listener();
    const first = await submit(client, { libraryTrackId: id });
    advance(0.5);
    const again = await submit(client, { libraryTrackId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.app.db.selectFrom('songRequests').select('id').execute()).toHaveLength(1);
  });

  it('refuses a track in its cooldown with the wait', async () => {
    const id = await seedTrack(t.app.db, { title: 'Zoutelande', artist: 'BLØF' });
    await seedPlay(t.app.db, {
      title: 'Zoutelande',
      artist: 'Bløf',
      playedAt: new Date(now.getTime() - 60 * 60_000),
    });
    const { client } = await listener();
    const refused = await submit(client, { libraryTrackId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'TRACK_COOLDOWN',
      message: 'Dit nummer is onlangs gedraaid. Je kunt het over 2 uur weer aanvragen.',
      retryAfter: 7200,
    });
  });

  it('refuses without a name, with requests off, and messages with hidden characters', async () => {
    const id = await seedTrack(t.app.db);
    const nameless = await listener({ name: '' });
    const noName = await submit(nameless.client, { libraryTrackId: id });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().code).toBe('NAME_REQUIRED');

    const { client } = await listener();
    for (const message of ['stiekem\u202Eomgedraaid', 'bel\u0007', 'x'.repeat(501)]) {
      const response = await submit(client, { libraryTrackId: id, message });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Je bericht/);
    }
    const badVoice = await submit(client, {
      libraryTrackId: id,
      voicetrackUrl: 'https://evil.test/a.mp3',
    });
    expect(badVoice.statusCode).toBe(400);

    await updateSettings(t.app.db, { requestsEnabled: false });
    const off = await submit(client, { libraryTrackId: id });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'REQUESTS_DISABLED',
      message: 'Verzoekjes zijn momenteel uitgeschakeld.',
    });

    await updateSettings(t.app.db, { requestsEnabled: true });
    const missing = await submit(client, { libraryTrackId: 987654 });
    expect(missing.statusCode).toBe(404);
  });

  it('takes a library track by its library path, and refuses any path that leaves the library', async () => {
    await seedTrack(t.app.db, {
      title: 'Zomeravond aan Zee',
      artist: 'Anneke Bosman',
      path: 'verzoek/Anneke Bosman - Zomeravond aan Zee.mp3',
    });
    // An index row by server path (before paths were relative): found by nothing hostile.
    await seedTrack(t.app.db, { path: '/etc/passwd' });
    const { client } = await listener();
    for (const filename of [
      '../../etc/passwd',
      '/etc/passwd',
      'verzoek/../../../etc/passwd',
      'verzoek/./x.mp3',
      'verzoek//x.mp3',
      'a\\..\\..\\b.mp3',
      'x.mp3\u0000.jpg',
    ]) {
      const response = await submit(client, { filename });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message:
          'Ongeldige bestandsnaam: gebruik de bestandsnaam uit de zoekresultaten (een pad binnen de muziekbibliotheek).',
      });
    }
    expect((await submit(client, { filename: 'verzoek/Onbekend.mp3' })).statusCode).toBe(404);
    expect(await parts.queue.entries()).toEqual([]);

    const found = await submit(client, {
      filename: 'verzoek/Anneke Bosman - Zomeravond aan Zee.mp3',
    });
    expect(found.statusCode).toBe(201);
    expect(found.json()).toMatchObject({ title: 'Zomeravond aan Zee', position: 1 });
    expect((await parts.queue.entries()).map((entry) => entry.uri)).toEqual([
      '/srv/verzoeken/Anneke Bosman - Zomeravond aan Zee.mp3',
    ]);
  });

  it('limits the waiting requests of one browser and of one address', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => listener()));
    for (const [i, { client }] of users.entries()) {
      const response = await submit(client, {
        libraryTrackId: await seedTrack(t.app.db),
        browserFingerprint: 'gedeeld',
      });
      expect(response.statusCode).toBe(i < 3 ? 201 : 429);
      // Possible again once the first of them has aired (200 s from now: nothing plays).
      if (i === 3) {
        expect(response.json()).toEqual({
          code: 'BROWSER_LIMIT',
          message:
            'Er staan al 3 verzoekjes van deze browser in de wachtrij. Je kunt over 4 minuten weer een verzoekje indienen.',
          retryAfter: 200,
        });
      }
    }
    await updateSettings(t.app.db, { maxRequestsPerIp: 4 });
    const fifth = await listener();
    const sixth = await listener();
    expect(
      (await submit(fifth.client, { libraryTrackId: await seedTrack(t.app.db) })).statusCode,
    ).toBe(201);
    const refused = await submit(sixth.client, { libraryTrackId: await seedTrack(t.app.db) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'IP_LIMIT', retryAfter: 200 });
    // Another household is not affected.
    expect(
      (await submit(sixth.client, { libraryTrackId: await seedTrack(t.app.db) }, '10.0.0.9'))
        .statusCode,
    ).toBe(201);
  });

  it('lets users who bypass limits go past the hourly limit', async () => {
    const { user, client } = await listener();
    await t.app.db
      .updateTable('users')
      .set({ canBypassLimits: true, customRequestsPerHour: 1 })
      .where('id', '=', user.id)
      .execute();
    for (let i = 0; i < 3; i += 1) {
      expect((await submit(client, { libraryTrackId: await seedTrack(t.app.db) })).statusCode).toBe(
        201,
      );
    }
  });

  it('applies a per-day limit of the user', async () => {
    const { user, client } = await listener();
    await t.app.db
      .updateTable('users')
      .set({ customRequestsPerDay: 2, customRequestsPerHour: 10 })
      .where('id', '=', user.id)
      .execute();
    await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    advance(120);
    await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    advance(60);
    const refused = await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'DAILY_LIMIT',
      message: 'Je kunt over 21 uur weer een verzoekje indienen.',
      retryAfter: 21 * 3600,
    });
  });
});

describe('the automation queue', () => {
  it('places requests fairly: one listener cannot fill the next hour', async () => {
    const a = await listener({ name: 'Anna' });
    const b = await listener({ name: 'Bram' });
    const c = await listener({ name: 'Cor' });
    for (let i = 0; i < 3; i += 1)
      await submit(a.client, { libraryTrackId: await seedTrack(t.app.db) });
    await submit(b.client, { libraryTrackId: await seedTrack(t.app.db) });
    await submit(b.client, { libraryTrackId: await seedTrack(t.app.db) });
    await submit(c.client, { libraryTrackId: await seedTrack(t.app.db) });
    const pending = await a.client.get('/api/pending-requests');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.map((r: { requesterName: string }) => r.requesterName)).toEqual([
      'Anna',
      'Bram',
      'Cor',
      'Anna',
      'Bram',
      'Anna',
    ]);
    expect(pending.json().data.map((r: { position: number }) => r.position)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    // A submit answers its place: Cor's second goes before Anna's third (a later round).
    const second = await submit(c.client, { libraryTrackId: await seedTrack(t.app.db) });
    expect(second.statusCode).toBe(201);
    expect(second.json().position).toBe(6);
    const after = await a.client.get('/api/pending-requests');
    expect(
      after.json().data.map((r: { id: number; position: number }) => [r.id, r.position]),
    ).toContainEqual([second.json().id, 6]);
  });

  it('moves an entry (with its voice message) and places new ones between others', async () => {
    const names = ['Anna', 'Bram', 'Cor'];
    const clients = await Promise.all(names.map((name) => listener({ name })));
    const admin = await t.as('admin');
    for (const { client } of clients) {
      await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    }
    const voiced = await submit(clients[0]!.client, {
      libraryTrackId: await seedTrack(t.app.db),
      voicetrackUrl: await seedVoiceMessage(t.app.db, clients[0]!.user.id, now),
    });
    await admin.patch(`/api/requests/${voiced.json().id}/status`, { status: 'approved' });
    const order = async () =>
      (await parts.queue.entries()).map(
        (e) => `${e.kind === 'voice_message' ? 'voice:' : ''}${e.requestId}`,
      );
    const [a, b, c] = (await order()).map(Number);
    const v = voiced.json().id;
    expect(await order()).toEqual([`${a}`, `${b}`, `${c}`, `voice:${v}`, `${v}`]);

    // The admin moves the song (5th waiting) to the top: its voice message goes with it.
    expect(await parts.queue.moveAt(5, 1, {})).toEqual({ ok: true });
    expect(await order()).toEqual([`voice:${v}`, `${v}`, `${a}`, `${b}`, `${c}`]);
    // With the voice message handed out to the station, too.
    await t
      .client()
      .get('/internal/station/next', { headers: { 'x-api-key': t.env.STATION_API_KEY } });

    // An admin's own entry at place 2 (after what was handed out, it is the second waiting).
    await seedTrack(t.app.db, { title: 'Jingle', artist: '', path: 'jingle.mp3', duration: 5 });
    expect(await parts.queue.insertTrackAt('jingle.mp3', 2, {})).toEqual({ ok: true });
    expect(await order()).toEqual([`voice:${v}`, `${v}`, 'null', `${a}`, `${b}`, `${c}`]);
    // A newcomer's first request goes before the first entry of a later round: Anna's second.
    const dirk = await listener({ name: 'Dirk' });
    const d = (await submit(dirk.client, { libraryTrackId: await seedTrack(t.app.db) })).json().id;
    expect(await order()).toEqual([`voice:${v}`, `${v}`, 'null', `${d}`, `${a}`, `${b}`, `${c}`]);
  });

  it('holds a request with a voice message for review, then airs the voice message first', async () => {
    const admin = await t.as('admin');
    const { user, client } = await listener();
    const id = await seedTrack(t.app.db, { title: 'Felicitatie', artist: 'Koor' });
    const voicetrackUrl = await seedVoiceMessage(t.app.db, user.id, now);
    const created = await submit(client, { libraryTrackId: id, voicetrackUrl });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'pending',
      position: null,
      expectedStartTime: null,
    });
    expect(await parts.queue.entries()).toEqual([]);

    const approved = await admin.patch(`/api/requests/${created.json().id}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      reviewedBy: 'Beheerder Test',
      position: 1,
    });
    const [voiceEntry, song] = await parts.queue.entries();
    expect(song).toMatchObject({ kind: 'request', uri: '/srv/bibliotheek/Koor - Felicitatie.mp3' });
    // The station fetches it by a signed link (only owner, admins and the station may hear it).
    expect(voiceEntry?.kind).toBe('voice_message');
    const link = new URL(voiceEntry?.uri ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`http://radio.test${voicetrackUrl}`);
    expect(
      isValidPathSignature(pathSigningSecret(t.env.INTERNAL_TOKEN ?? ''), link.pathname, {
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
      }),
    ).toBe(true);
  });

  it('takes only a voice message of the requester, from the last day, not sent with another request', async () => {
    const { user, client } = await listener();
    const other = await listener();
    const refused = async (voicetrackUrl: string) => {
      const response = await submit(client, {
        libraryTrackId: await seedTrack(t.app.db),
        voicetrackUrl,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'VOICE_MESSAGE_UNAVAILABLE',
        message:
          'Je spraakbericht is niet meer te gebruiken (verlopen of al verstuurd). Neem het opnieuw op.',
      });
    };
    await refused(await seedVoiceMessage(t.app.db, other.user.id, now));
    await refused(
      await seedVoiceMessage(t.app.db, user.id, new Date(now.getTime() - 25 * 3_600_000)),
    );
    await refused('/files/voicetracks/bestaat-niet.mp3');

    const fresh = await seedVoiceMessage(
      t.app.db,
      user.id,
      new Date(now.getTime() - 23 * 3_600_000),
    );
    const first = await submit(client, {
      libraryTrackId: await seedTrack(t.app.db),
      voicetrackUrl: fresh,
    });
    expect(first.statusCode).toBe(201);
    await refused(fresh);
    // A refused submit stores nothing.
    const rows = await t.app.db
      .selectFrom('songRequests')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('in live mode keeps requests pending; back in nonstop the approved ones are queued', async () => {
    await updateSettings(t.app.db, { broadcastingMode: 'live' });
    const admin = await t.as('admin');
    const { client } = await listener();
    const first = await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    const second = await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    expect(first.json()).toMatchObject({ status: 'pending', expectedStartTime: null });
    await admin.patch(`/api/requests/${first.json().id}/status`, { status: 'approved' });
    await admin.patch(`/api/requests/${second.json().id}/status`, { status: 'rejected' });
    expect(await parts.queue.entries()).toEqual([]);

    const wrong = await admin.patch('/api/admin/broadcasting-mode', { mode: 'radio' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Ongeldige modus: kies nonstop of live');
    expect(await parts.queue.entries()).toEqual([]);
    const switched = await admin.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ broadcastingMode: 'nonstop', isLive: false });
    expect((await parts.queue.entries()).map((e) => e.requestId)).toEqual([first.json().id]);
  });

  it('queues a Deezer request once the worker says its track is ready', async () => {
    const { client } = await listener();
    const created = await submit(client, { source: 'deezer', deezer_id: 3108251 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      source: 'deezer',
      title: 'Radar Love',
      artist: 'Golden Earring',
      duration: 386,
      status: 'approved',
      position: null,
    });
    const requestId: number = created.json().id;
    const jobs = new JobProducer({ url: t.env.REDIS_URL }, () => {});
    const job = await jobs.queue('acquisition').getJob(`acquire-deezer-track-${requestId}`);
    expect(job?.name).toBe('acquire-deezer-track');
    expect(job?.data).toEqual({ requestId });
    await jobs.close();

    expect((await submit(client, { source: 'deezer', deezer_id: '999' })).statusCode).toBe(404);
    // Deezer failing: a fast 503, nothing stored.
    deezer.use('server-error');
    const failing = await submit(client, { source: 'deezer', deezer_id: '1234' });
    deezer.use('ok');
    expect(failing.statusCode).toBe(503);
    expect(failing.json().code).toBe('DEEZER_UNAVAILABLE');
    expect(await t.app.db.selectFrom('songRequests').select('id').execute()).toHaveLength(1);

    // What the worker does: the track in the library, the request ready, the message.
    const trackId = await seedTrack(t.app.db, {
      title: 'Radar Love',
      artist: 'Golden Earring',
      path: 'verzoek/Golden Earring - Radar Love.mp3',
    });
    await t.app.db
      .updateTable('songRequests')
      .set({ downloadStatus: 'ready', libraryTrackId: trackId })
      .where('id', '=', requestId)
      .execute();
    await t.app.redis.publish(REQUEST_TRACK_READY_CHANNEL, String(requestId));
    await expect
      .poll(async () => (await parts.queue.entries()).map((e) => e.uri))
      .toEqual(['/srv/verzoeken/Golden Earring - Radar Love.mp3']);
  });

  it('reconciles: an approved ready request that was never queued is queued', async () => {
    const trackId = await seedTrack(t.app.db);
    await t.app.db
      .insertInto('songRequests')
      .values({
        title: 'x',
        artist: 'y',
        requesterName: 'z',
        status: 'approved',
        source: 'deezer',
        downloadStatus: 'ready',
        libraryTrackId: trackId,
      })
      .execute();
    expect(await parts.requests.reconcile()).toBe(1);
    expect(await parts.requests.reconcile()).toBe(0);
  });
});

describe('request lists and moderation', () => {
  it('shows waiting and recent requests without anyone’s private fields', async () => {
    const { client } = await listener({ name: 'Privé' });
    const created = await submit(client, {
      libraryTrackId: await seedTrack(t.app.db),
      message: 'geheim',
      browserFingerprint: 'fp',
    });
    const other = await t.as('listener');
    const pending = (await other.get('/api/pending-requests')).json();
    expect(pending.total).toBe(1);
    const item = pending.data[0];
    expect(item).toMatchObject({ requesterName: 'Privé', position: 1 });
    for (const field of ['message', 'browserFingerprint', 'voicetrackUrl', 'requesterIp']) {
      expect(item).not.toHaveProperty(field);
    }
    const admin = await t.as('admin');
    await admin.patch(`/api/requests/${created.json().id}/status`, { status: 'played' });
    const recent = (await other.get('/api/recent-requests')).json();
    expect(recent.data).toHaveLength(1);
    expect(recent.data[0]).toMatchObject({ status: 'played', playedAt: now.toISOString() });
    expect(recent.data[0]).not.toHaveProperty('message');
    expect((await other.get('/api/pending-requests')).json().total).toBe(0);
  });

  it('lists a listener’s own requests with their message and place, and nobody else’s', async () => {
    const { client } = await listener({ name: 'Marloes' });
    const first = await submit(client, {
      libraryTrackId: await seedTrack(t.app.db),
      message: 'Voor mama',
      browserFingerprint: 'fp-1',
    });
    advance(1);
    await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    const admin = await t.as('admin');
    await admin.patch(`/api/requests/${first.json().id}/status`, { status: 'played' });

    const mine = (await client.get('/api/requests/mine')).json();
    expect(mine.total).toBe(2);
    expect(mine.data[0]).toMatchObject({ status: 'approved', position: 1, playedAt: null });
    expect(mine.data[0].expectedStartTime).not.toBeNull();
    expect(mine.data[1]).toMatchObject({
      id: first.json().id,
      status: 'played',
      playedAt: now.toISOString(),
      message: 'Voor mama',
      browserFingerprint: 'fp-1',
      position: null,
    });
    expect(mine.data[1]).not.toHaveProperty('requesterIp');

    const other = await t.as('listener');
    expect((await other.get('/api/requests/mine')).json()).toEqual({ data: [], total: 0 });
  });

  it('lists every field for admins, filtered and paginated', async () => {
    const { client } = await listener();
    await submit(client, { libraryTrackId: await seedTrack(t.app.db), message: 'hoi' });
    await submit(client, { libraryTrackId: await seedTrack(t.app.db) });
    const admin = await t.as('admin');
    const page = (await admin.get('/api/requests?status=approved&pageSize=1&page=2')).json();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.data[0]).toMatchObject({
      message: 'hoi',
      requesterIp: '127.0.0.1',
      downloadStatus: 'not_needed',
    });
    const none = (
      await admin.get(
        `/api/requests?from=${encodeURIComponent(new Date(now.getTime() + 60_000).toISOString())}`,
      )
    ).json();
    expect(none.total).toBe(0);
  });

  it('allows only sensible transitions; a rejected request leaves the queue', async () => {
    const { client } = await listener();
    const created = (await submit(client, { libraryTrackId: await seedTrack(t.app.db) })).json();
    const admin = await t.as('admin');
    const again = await admin.patch(`/api/requests/${created.id}/status`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    const rejected = await admin.patch(`/api/requests/${created.id}/status`, {
      status: 'rejected',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewedBy: 'Beheerder Test' });
    expect(await parts.queue.entries()).toEqual([]);
    expect(
      (await admin.patch(`/api/requests/${created.id}/status`, { status: 'played' })).statusCode,
    ).toBe(409);
    expect((await admin.patch('/api/requests/99999/status', { status: 'played' })).statusCode).toBe(
      404,
    );
  });
});
