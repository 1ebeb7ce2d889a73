import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtInStationPaths } from '@radio/station';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import type { RequestParts } from '../../src/app.ts';
import { HAND_OUT_LOST_MS } from '../../src/queue/automation-queue-repository.ts';
import { buildRequestsAppWith } from '../build.ts';
import {
  BUILT_IN_STATION_URL,
  LIBRARY,
  STATION_KEY,
  submitBuiltInRequest,
} from './built-in-station.ts';

const KEY = STATION_KEY;

let t: TestApp;
let parts: RequestParts;

beforeAll(async () => {
  t = await createTestApp(
    buildRequestsAppWith({
      expose: (exposed) => {
        parts = exposed;
      },
    }),
    { LIBRARY_DIR: LIBRARY, BUILT_IN_STATION_URL },
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('builtInPlays').execute();
});

const request = (title: string, artist: string, options: { withVoice?: boolean } = {}) =>
  submitBuiltInRequest(t, title, artist, options);

const next = () => t.client().get(builtInStationPaths.next, { headers: KEY });

describe('requests on air with the built-in station', () => {
  it('hands out the head of the queue once, as the file Liquidsoap plays, and marks it played when it starts', async () => {
    const { id } = await request('Tegenwind', 'Femke de Wit');

    const queue = await t.client().get(builtInStationPaths.queue, { headers: KEY });
    expect(queue.json()).toEqual([
      expect.objectContaining({
        is_request: true,
        duration: 215,
        sent_to_autodj: false,
        autodj_custom_uri: `${LIBRARY}/Verzoek/Femke de Wit - Tegenwind.mp3`,
        song: expect.objectContaining({
          artist: 'Femke de Wit',
          title: 'Tegenwind',
          text: 'Femke de Wit - Tegenwind',
        }),
      }),
    ]);

    const handed = await next();
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toEqual({ uri: `${LIBRARY}/Verzoek/Femke de Wit - Tegenwind.mp3` });
    // Handed out once: Liquidsoap's next poll gets nothing new.
    expect((await next()).statusCode).toBe(204);
    expect((await t.client().get(builtInStationPaths.queue, { headers: KEY })).json()).toEqual([
      expect.objectContaining({ sent_to_autodj: true }),
    ]);

    // Liquidsoap reports the file it started (its metadata; the report may repeat).
    const report = {
      playId: 'speel-1',
      artist: 'Femke de Wit',
      title: 'Tegenwind',
      filename: `${LIBRARY}/Verzoek/Femke de Wit - Tegenwind.mp3`,
      duration: 215,
    };
    for (let i = 0; i < 2; i += 1) {
      const started = await t
        .client()
        .post(builtInStationPaths.trackStarted, report, { headers: KEY });
      expect(started.statusCode).toBe(200);
    }
    const stored = await t.app.db
      .selectFrom('songRequests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('played');
    expect(stored.playedAt).toBeInstanceOf(Date);
    expect(await parts.queue.entries()).toEqual([]);
    const recent = await t.as('listener').then((client) => client.get('/api/recent-requests'));
    expect(recent.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('hands an entry out again when it never started (Liquidsoap restarted with it prepared)', async () => {
    await request('Wilde Wind', 'Het Zuiderkoor');
    const handedAt = new Date();
    const first = await parts.queue.handOutNext(1, handedAt);
    expect(first?.title).toBe('Wilde Wind');
    // Liquidsoap asks again soon after: nothing new, the entry is prepared there.
    expect(await parts.queue.handOutNext(1, new Date(handedAt.getTime() + 60_000))).toBeUndefined();
    // Half an hour later it still never started: it was lost, and it goes out again.
    const again = await parts.queue.handOutNext(
      1,
      new Date(handedAt.getTime() + HAND_OUT_LOST_MS + 1_000),
    );
    expect(again?.id).toBe(first?.id);
  });

  it('queues its tracks when an admin approves them and when the live show ends', async () => {
    const admin = await t.as('admin');
    const withVoice = await request('Felicitatie', 'Het Koor', { withVoice: true });
    const approved = await admin.patch(`/api/requests/${withVoice.id}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    expect((await parts.queue.entries()).map((e) => e.kind)).toEqual(['voice_message', 'request']);

    expect((await admin.patch('/api/admin/broadcasting-mode', { mode: 'live' })).statusCode).toBe(
      200,
    );
    const duringShow = await request('Avondrood', 'Femke de Wit');
    await admin.patch(`/api/requests/${duringShow.id}/status`, { status: 'approved' });
    await admin.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' });
    expect((await parts.queue.entries()).map((e) => e.requestId)).toEqual([
      withVoice.id,
      withVoice.id,
      duringShow.id,
    ]);
  });

  it('airs an approved voice message right before its song, never as a play of its own', async () => {
    const admin = await t.as('admin');
    const { id } = await request('Felicitatie', 'Het Koor', { withVoice: true });
    await admin.patch(`/api/requests/${id}/status`, { status: 'approved' });
    const report = (body: Record<string, unknown>) =>
      t.client().post(builtInStationPaths.trackStarted, body, { headers: KEY });

    const voice = (await next()).json() as { uri: string };
    expect(new URL(voice.uri).pathname).toMatch(/^\/files\/voicetracks\//);
    // Liquidsoap plays a temporary copy of the URL it was handed, and reports both.
    const voiceStarted = await report({
      playId: 'stem-1',
      title: 'liq-process1234',
      filename: '/tmp/liq-process1234.mp3',
      uri: voice.uri,
      duration: 4,
    });
    expect(voiceStarted.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('builtInPlays').select('title').execute()).toEqual([]);
    expect((await parts.queue.entries()).map((e) => e.kind)).toEqual(['request']);

    const song = (await next()).json() as { uri: string };
    await report({
      playId: 'lied-1',
      title: 'Felicitatie',
      artist: 'Het Koor',
      filename: song.uri,
      uri: song.uri,
      duration: 215,
    });
    expect(await t.app.db.selectFrom('builtInPlays').select('title').execute()).toEqual([
      { title: 'Felicitatie' },
    ]);
    const played = await t.app.db
      .selectFrom('songRequests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(played.status).toBe('played');
  });

  it('never hands the same entry to two callers at once', async () => {
    for (let i = 0; i < 6; i += 1) await request(`Nummer ${i}`, `Band ${i}`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => next()));
    const uris = answers.filter((a) => a.statusCode === 200).map((a) => a.json().uri as string);
    expect(uris).toHaveLength(6);
    expect(new Set(uris).size).toBe(6);
    expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(2);
  });

  it('a library track that is not from the queue is stored as a play and changes no request', async () => {
    const { id } = await request('Wachten', 'Geduld');
    const started = await t.client().post(
      builtInStationPaths.trackStarted,
      {
        playId: 'speel-2',
        title: 'Iets anders',
        filename: `${LIBRARY}/Iets anders.mp3`,
        duration: 100,
      },
      { headers: KEY },
    );
    expect(started.statusCode).toBe(200);
    const stored = await t.app.db
      .selectFrom('songRequests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('approved');
  });
});
