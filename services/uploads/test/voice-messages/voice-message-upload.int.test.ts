import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_MESSAGE_URL_PATTERN } from '@radio/contracts';
import { DJ_SETTINGS_ID } from '@radio/db';
import { createTestApp, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { pathSigningSecret, S3Storage, signPath } from '@radio/storage';
import { startS3, type S3Server } from '@radio/testing';
import { makePng, makeRecording, multipartBody, type Recording } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';
import { breakOffUpload, storedState } from '../uploads.ts';

const UPLOAD = '/api/voicetrack-upload';
const types: Record<Recording, string> = {
  webm: 'audio/webm;codecs=opus',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

let t: TestApp;
let storageDir: string;
let audioDir: string;
let owner: TestUser;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-uploads-storage-'));
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'radio-uploads-audio-'));
  t = await createTestApp(buildUploadsApp, { STORAGE_DIR: storageDir });
  owner = await t.createUser({ name: 'Opnemer' });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
  await rm(audioDir, { recursive: true, force: true });
});

async function upload(
  user: TestUser,
  audio: { bytes: Buffer; name: string; type: string } | null,
  fields?: Record<string, string>,
) {
  const { payload, headers } = await multipartBody(audio, fields);
  const client = await t.clientFor(user);
  return client.post(UPLOAD, payload, { headers });
}

const stored = (): Promise<{ objects: string[]; rows: number }> =>
  storedState(t, storageDir, 'voiceMessages');

describe('POST /api/voicetrack-upload', () => {
  it.each(['webm', 'ogg', 'm4a', 'wav', 'mp3'] as const)(
    'stores a %s recording as a loudness-normalized MP3 of its owner',
    async (kind) => {
      const bytes = await makeRecording(audioDir, kind, { seconds: 3 });
      const response = await upload(owner, { bytes, name: `opname.${kind}`, type: types[kind] });
      expect(response.statusCode, response.body).toBe(201);
      const { downloadUrl } = response.json<{ downloadUrl: string }>();
      expect(downloadUrl).toMatch(VOICE_MESSAGE_URL_PATTERN);
      expect(downloadUrl).toMatch(/^\/files\/voicetracks\/[a-f0-9]{32}\.mp3$/);

      const name = downloadUrl.split('/').at(-1) ?? '';
      const row = await t.app.db
        .selectFrom('voiceMessages')
        .selectAll()
        .where('objectKey', '=', `voicetracks/${name}`)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ userId: owner.id });
      expect(row.durationSeconds).toBeGreaterThan(2.8);
      expect(row.durationSeconds).toBeLessThan(3.2);

      const file = path.join(storageDir, 'voicetracks', name);
      const probe = execFileSync('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name,channels', '-of', 'csv=p=0', file],
      ]).toString();
      expect(probe.trim()).toBe('mp3,1');
    },
  );

  it('decides the type by the bytes: a WebM named and labelled as MP3 is still taken', async () => {
    const bytes = await makeRecording(audioDir, 'webm', { seconds: 2 });
    const response = await upload(owner, { bytes, name: 'opname.mp3', type: 'audio/mpeg' });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('stores 8 recordings of 120 s from 8 listeners at once: each waits its turn, none is called unreadable', async () => {
    const bytes = await makeRecording(audioDir, 'webm', { seconds: 120 });
    const speakers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.createUser({ name: `Spreker ${i + 1}` })),
    );
    const before = await stored();
    const responses = await Promise.all(
      speakers.map((speaker) => upload(speaker, { bytes, name: 'opname.webm', type: types.webm })),
    );
    expect(responses.map((response) => [response.statusCode, response.json()])).toEqual(
      Array.from({ length: 8 }, () => [201, { downloadUrl: expect.stringMatching(/\.mp3$/) }]),
    );
    expect((await stored()).rows).toBe(before.rows + 8);
  }, 120_000);

  describe('refusals leave no object and no row', () => {
    const refused = async (
      audio: { bytes: Buffer; name: string; type: string } | null,
      status: number,
      code: string,
    ): Promise<void> => {
      const before = await stored();
      const response = await upload(owner, audio);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code, message: expect.any(String) });
      expect(await stored()).toEqual(before);
    };

    it('refuses a PNG renamed to .webm', async () => {
      const bytes = await makePng(audioDir);
      await refused(
        { bytes, name: 'opname.webm', type: 'audio/webm' },
        415,
        'UNSUPPORTED_AUDIO_TYPE',
      );
    });

    it('refuses a recording of 130 s', async () => {
      const bytes = await makeRecording(audioDir, 'webm', { seconds: 130 });
      await refused({ bytes, name: 'opname.webm', type: types.webm }, 400, 'RECORDING_TOO_LONG');
    });

    it('refuses a recording of 0 s', async () => {
      const bytes = await makeRecording(audioDir, 'webm', { seconds: 0 });
      await refused({ bytes, name: 'opname.webm', type: types.webm }, 400, 'EMPTY_RECORDING');
    });

    it('refuses a recording of nothing but silence', async () => {
      const bytes = await makeRecording(audioDir, 'wav', { seconds: 3, silent: true });
      await refused({ bytes, name: 'opname.wav', type: types.wav }, 400, 'EMPTY_RECORDING');
    });

    it('refuses a recording over the size limit while it streams', async () => {
      // 100 s of 48 kHz stereo 16-bit WAV: 19 MB, over the 16 MB limit.
      const bytes = await makeRecording(audioDir, 'wav', { seconds: 100, rate: 96_000 });
      expect(bytes.length).toBeGreaterThan(16 * 1024 * 1024);
      await refused({ bytes, name: 'opname.wav', type: types.wav }, 413, 'FILE_TOO_LARGE');
    });

    it('refuses a form without audio', async () => {
      await refused(null, 400, 'MISSING_AUDIO');
    });

    it('refuses a body that is not a form', async () => {
      const client = await t.clientFor(owner);
      const response = await client.post(UPLOAD, { audio: 'x' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'NOT_MULTIPART' });
    });

    it('keeps nothing of an upload whose connection breaks off', async () => {
      const before = await stored();
      const bytes = await makeRecording(audioDir, 'wav', { seconds: 20 });
      const { payload, headers } = await multipartBody({
        bytes,
        name: 'opname.wav',
        type: types.wav,
      });
      await breakOffUpload(t, owner, UPLOAD, { payload, headers }, storageDir);
      expect(await stored()).toEqual(before);
    });
  });
});

describe('GET /files/voicetracks/:name', () => {
  let downloadUrl: string;
  beforeAll(async () => {
    const bytes = await makeRecording(audioDir, 'mp3', { seconds: 2 });
    const response = await upload(owner, { bytes, name: 'groet.mp3', type: 'audio/mpeg' });
    ({ downloadUrl } = response.json<{ downloadUrl: string }>());
  });

  const expectAudio = (response: {
    statusCode: number;
    headers: Record<string, unknown>;
    rawPayload: Buffer;
  }) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.length).toBeGreaterThan(1_000);
  };

  it('plays for its owner', async () => {
    expectAudio(await (await t.clientFor(owner)).get(downloadUrl));
  });

  it('plays for an admin', async () => {
    expectAudio(await (await t.as('admin')).get(downloadUrl));
  });

  it("plays for the internal token; the station's key reads no voice message and signs no link", async () => {
    const stationKey = 'stationsleutel-voor-uploads';
    await t.app.db
      .insertInto('djSettings')
      .values({ id: DJ_SETTINGS_ID, stationApiKey: stationKey })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ stationApiKey: stationKey }))
      .execute();
    const token = t.env.INTERNAL_TOKEN ?? '';
    expectAudio(await t.client().get(downloadUrl, { headers: { 'x-internal-token': token } }));
    for (const key of [stationKey, token]) {
      const response = await t.client().get(downloadUrl, { headers: { 'x-api-key': key } });
      expect(response.statusCode).toBe(404);
    }
    // Links are signed with a secret derived from the INTERNAL_TOKEN only.
    const signedWithStationKey = signPath(pathSigningSecret(stationKey), downloadUrl, 60);
    expect((await t.client().get(signedWithStationKey)).statusCode).toBe(404);
  });

  it('plays through a signed link until it expires', async () => {
    const secret = pathSigningSecret(t.env.INTERNAL_TOKEN ?? '');
    expectAudio(await t.client().get(signPath(secret, downloadUrl, 60)));
    // Liquidsoap asks with HEAD first and picks the decoder by the exact content type.
    const head = await t
      .client()
      .request({ method: 'HEAD', url: signPath(secret, downloadUrl, 60) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    const expired = signPath(secret, downloadUrl, 60, Date.now() - 120_000);
    expect((await t.client().get(expired)).statusCode).toBe(404);
  });

  it('is not found for another listener, a deactivated owner, anonymous callers and wrong keys', async () => {
    const other = await t.createUser();
    const responses = [
      await (await t.clientFor(other)).get(downloadUrl),
      await t.client().get(downloadUrl),
      await t.client().get(downloadUrl, { headers: { 'x-api-key': 'verkeerde-sleutel' } }),
      await t.client().get(`${downloadUrl}?expires=9999999999&signature=abc`),
      await (
        await t.clientFor(owner)
      ).get('/files/voicetracks/00000000000000000000000000000000.mp3'),
      await (await t.clientFor(owner)).get('/files/voicetracks/..%2F..%2Fetc%2Fpasswd'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('voice messages in an S3 bucket', () => {
  let s3: S3Server;
  let bucket: TestApp;
  let s3Storage: S3Storage;
  const objectsInBucket = (): Promise<string[]> => s3.objectKeys('radio');

  beforeAll(async () => {
    s3 = await startS3();
    const settings = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'radio',
    };
    s3Storage = new S3Storage({
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: 'radio',
      region: 'us-east-1',
      servedAt: { urlPrefix: '/files', signingSecret: 'unused' },
    });
    await s3Storage.ensureBucket();
    bucket = await createTestApp(buildUploadsApp, settings);
  });
  afterAll(async () => {
    await bucket.close();
    await s3.stop();
  });

  it('stores the recording in the bucket, plays it for its owner, and keeps nothing of a refusal', async () => {
    const user = await bucket.createUser();
    const client = await bucket.clientFor(user);
    const bytes = await makeRecording(audioDir, 'webm', { seconds: 2 });
    const form = await multipartBody({ bytes, name: 'opname.webm', type: types.webm });
    const response = await client.post(UPLOAD, form.payload, { headers: form.headers });
    expect(response.statusCode, response.body).toBe(201);
    const { downloadUrl } = response.json<{ downloadUrl: string }>();
    expect(await objectsInBucket()).toEqual([downloadUrl.replace('/files/', '')]);
    const played = await client.get(downloadUrl);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.length).toBeGreaterThan(1_000);

    const silent = await makeRecording(audioDir, 'wav', { seconds: 2, silent: true });
    const refusedForm = await multipartBody({ bytes: silent, name: 'stil.wav', type: types.wav });
    const refused = await client.post(UPLOAD, refusedForm.payload, {
      headers: refusedForm.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(await objectsInBucket()).toEqual([downloadUrl.replace('/files/', '')]);
  });

  it('answers a fast 503 and keeps no row while the bucket cannot be reached', async () => {
    const user = await bucket.createUser();
    const client = await bucket.clientFor(user);
    const bytes = await makeRecording(audioDir, 'webm', { seconds: 2 });
    const form = await multipartBody({ bytes, name: 'opname.webm', type: types.webm });
    await s3.stop();
    const started = Date.now();
    const response = await client.post(UPLOAD, form.payload, { headers: form.headers });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(3_000);
    const rows = await bucket.app.db
      .selectFrom('voiceMessages')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
