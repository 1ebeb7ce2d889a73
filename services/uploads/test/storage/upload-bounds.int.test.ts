import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@radio/service-kit';
import { createTestApp, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { waitFor } from '@radio/testing';
import { makeRecording, multipartBody } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';
import { holdUpload, storedState, workDirs, type HeldUpload } from '../uploads.ts';

const TRACK = '/api/cloud-upload';
const VOICE = '/api/voicetrack-upload';

let t: TestApp;
let storageDir: string;
let audioDir: string;
let track: { payload: Buffer; headers: Record<string, string> };
let voice: { payload: Buffer; headers: Record<string, string> };

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-bounds-storage-'));
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'radio-bounds-audio-'));
  t = await createTestApp(buildUploadsApp, {
    STORAGE_DIR: storageDir,
    UPLOADS_IN_FLIGHT_PER_LISTENER: '2',
    UPLOADS_IN_FLIGHT_TOTAL: '3',
    VOICE_MESSAGES_PER_DAY: '3',
  });
  track = await multipartBody(
    {
      bytes: await makeRecording(audioDir, 'mp3', { seconds: 4 }),
      name: 't.mp3',
      type: 'audio/mpeg',
    },
    { artist: 'A', title: 'T', submittedBy: 'Luisteraar' },
  );
  voice = await multipartBody({
    bytes: await makeRecording(audioDir, 'webm'),
    name: 'opname.webm',
    type: 'audio/webm',
  });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
  await rm(audioDir, { recursive: true, force: true });
});

/** A 49 MB track upload, as the one that filled the staging folder. */
const bigTrack = () =>
  multipartBody(
    { bytes: Buffer.alloc(49 * 1024 * 1024, 1), name: 'groot.mp3', type: 'audio/mpeg' },
    { artist: 'A', title: 'T', submittedBy: 'Luisteraar' },
  );

async function post(
  app: ServiceApp,
  user: TestUser,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
) {
  const client = await t.clientFor(user);
  const started = Date.now();
  const response = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: {
      ...form.headers,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });
  return { response, ms: Date.now() - started };
}

/** Every held upload let go and its place among those in flight given back. */
async function letGo(held: HeldUpload[]): Promise<void> {
  for (const upload of held) upload.breakOff();
  await waitFor(async () => (await workDirs(storageDir)).length === 0, 'the work folders removed');
  await waitFor(
    async () => (await t.app.redis.zcard('uploads:in-flight')) === 0,
    'the places of the uploads in flight given back',
  );
}

describe('uploads in flight', () => {
  it("bounds one listener's, over every copy of the service, and refuses the rest at once without keeping a byte", async () => {
    const listener = await t.createUser({ name: 'Tegelijk' });
    const held = [
      await holdUpload(t, listener, TRACK, track, storageDir),
      await holdUpload(t, listener, TRACK, track, storageDir),
    ];
    const copy = await buildUploadsApp(t.env);
    try {
      const big = await bigTrack();
      const refusals = await Promise.all(
        Array.from({ length: 18 }, (_, index) =>
          post(index % 2 ? copy : t.app, listener, TRACK, big),
        ),
      );
      for (const { response, ms } of refusals) {
        expect(response.statusCode, response.body).toBe(429);
        expect(response.json()).toMatchObject({
          code: 'UPLOADS_IN_PROGRESS',
          message:
            'Je bent al met 2 uploads tegelijk bezig. Je kunt weer uploaden zodra er een klaar is.',
        });
        expect(response.headers['retry-after']).toBe('60');
        expect(ms).toBeLessThan(2000);
      }
      expect(await workDirs(storageDir)).toHaveLength(2);
    } finally {
      await copy.close();
    }
    // The bound is per kind: a voice message of the same listener goes through meanwhile.
    expect((await post(t.app, listener, VOICE, voice)).response.statusCode).toBe(201);
    const answers = await Promise.all(held.map((upload) => upload.finish()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect((await post(t.app, listener, TRACK, track)).response.statusCode).toBe(201);
  });

  it("bounds everyone's together with a 503 that says when to try again", async () => {
    const listeners = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const held = await Promise.all(
      listeners.slice(0, 3).map((listener) => holdUpload(t, listener, TRACK, track, storageDir)),
    );
    try {
      const { response } = await post(t.app, listeners[3]!, VOICE, voice);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'UPLOADS_BUSY',
        message: 'Er wordt nu te veel tegelijk geüpload. Probeer het over een minuut opnieuw.',
      });
      expect(response.headers['retry-after']).toBe('60');
    } finally {
      await letGo(held);
    }
    expect((await post(t.app, listeners[3]!, VOICE, voice)).response.statusCode).toBe(201);
  });
});

describe('voice messages per day', () => {
  const storeVoiceMessages = async (user: TestUser, count: number, from: Date) => {
    await t.app.db
      .insertInto('voiceMessages')
      .values(
        Array.from({ length: count }, (_, index) => ({
          userId: user.id,
          objectKey: `voicetracks/dag-${user.id}-${from.getTime()}-${index}.mp3`,
          durationSeconds: 10,
          createdAt: new Date(from.getTime() + index * 60_000),
        })),
      )
      .execute();
  };

  it('refuses the one over VOICE_MESSAGES_PER_DAY, saying when it is possible again', async () => {
    const talker = await t.createUser({ name: 'Prater' });
    const earliest = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await storeVoiceMessages(talker, 3, earliest);
    const { response } = await post(t.app, talker, VOICE, voice);
    const when = new Intl.DateTimeFormat('nl-NL', {
      timeZone: 'Europe/Amsterdam',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(earliest.getTime() + 24 * 60 * 60 * 1000));
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'DAILY_UPLOAD_LIMIT',
      message: `Je hebt het maximum van 3 spraakberichten per dag bereikt. Je kunt weer een spraakbericht inspreken vanaf ${when}.`,
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(21 * 3600);
    expect(await workDirs(storageDir)).toEqual([]);
  });

  it('refuses at the end an upload whose admission another stored one overtook, keeping nothing', async () => {
    const talker = await t.createUser({ name: 'Dubbel' });
    await storeVoiceMessages(talker, 2, new Date(Date.now() - 60 * 60 * 1000));
    const { objects } = await storedState(t, storageDir, 'voiceMessages');
    const held = await holdUpload(t, talker, VOICE, voice, storageDir);
    // Admitted with 2 of 3 stored; meanwhile another upload of theirs (another copy) is stored.
    await storeVoiceMessages(talker, 1, new Date());
    const { status, body } = await held.finish();
    expect(status, body).toBe(429);
    expect(JSON.parse(body)).toMatchObject({ code: 'DAILY_UPLOAD_LIMIT' });
    const rows = await t.app.db
      .selectFrom('voiceMessages')
      .select('objectKey')
      .where('userId', '=', talker.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect((await storedState(t, storageDir, 'voiceMessages')).objects).toEqual(objects);
    expect(await workDirs(storageDir)).toEqual([]);
  });

  it('counts the ones in flight towards the day', async () => {
    const talker = await t.createUser({ name: 'Haastig' });
    await storeVoiceMessages(talker, 2, new Date(Date.now() - 60 * 60 * 1000));
    const held = await holdUpload(t, talker, VOICE, voice, storageDir);
    try {
      const { response } = await post(t.app, talker, VOICE, voice);
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json()).toMatchObject({
        code: 'UPLOADS_IN_PROGRESS',
        message: expect.stringMatching(
          /^Met wat je nu nog uploadt, heb je het maximum van 3 spraakberichten per dag bereikt/,
        ),
      });
    } finally {
      await letGo([held]);
    }
  });
});
