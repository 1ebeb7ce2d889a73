import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudUpload } from '@radio/contracts';
import { createTestApp, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { pathSigningSecret, S3Storage, signPath } from '@radio/storage';
import { startS3, type S3Server } from '@radio/testing';
import { multipartBody } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';
import { craftWav } from '../crafted-audio.ts';
import { breakOffUpload, storedState } from '../uploads.ts';

const UPLOAD = '/api/cloud-upload';
const FIELDS = {
  artist: 'De Dijk',
  title: 'Mag het licht uit',
  submittedBy: 'Luisteraar',
  message: 'Voor de zondagmiddag',
};

let t: TestApp;
let storageDir: string;
let audioDir: string;
let listener: TestUser;
let admin: TestUser;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-cloud-storage-'));
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'radio-cloud-audio-'));
  t = await createTestApp(buildUploadsApp, { STORAGE_DIR: storageDir });
  listener = await t.createUser({ name: 'Uploader' });
  admin = await t.createUser({ name: 'Moderator', role: 'admin' });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
  await rm(audioDir, { recursive: true, force: true });
});

/** A 440 Hz tone encoded by ffmpeg as a phone or a music program would. */
function makeTrack(
  kind: 'mp3' | 'flac' | 'ogg',
  { seconds = 3, kbps = 192, tags = {} as Record<string, string> } = {},
): Promise<Buffer> {
  const file = path.join(audioDir, `track-${seconds}-${kbps}-${Object.keys(tags).length}.${kind}`);
  const codec = {
    mp3: ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`],
    flac: ['-c:a', 'flac'],
    ogg: ['-c:a', 'libvorbis', '-b:a', `${kbps}k`],
  }[kind];
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:sample_rate=44100', '-t', String(seconds), '-ac', '2'],
    ...codec,
    ...Object.entries(tags).flatMap(([name, value]) => ['-metadata', `${name}=${value}`]),
    file,
  ]);
  return readFile(file);
}

function makeJpeg(): Promise<Buffer> {
  const file = path.join(audioDir, 'foto.jpg');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=red:s=32x32'],
    ...['-frames:v', '1', file],
  ]);
  return readFile(file);
}

async function upload(
  user: TestUser,
  audio: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = FIELDS,
) {
  const { payload, headers } = await multipartBody(audio, fields);
  const client = await t.clientFor(user);
  return client.post(UPLOAD, payload, { headers });
}

const stored = (): Promise<{ objects: string[]; rows: number }> =>
  storedState(t, storageDir, 'cloudUploads');

describe('POST /api/cloud-upload', () => {
  it('stores an MP3 with what its file says, pending, for the admin to see', async () => {
    const bytes = await makeTrack('mp3', { kbps: 192 });
    const response = await upload(listener, {
      bytes,
      name: 'De Dijk - Mag het licht uit.mp3',
      type: 'audio/mpeg',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { upload: item } = response.json<{ upload: CloudUpload }>();
    expect(item).toMatchObject({
      ...FIELDS,
      originalName: 'De Dijk - Mag het licht uit.mp3',
      status: 'pending',
      contentType: 'audio/mpeg',
      sizeBytes: bytes.length,
      bitrateKbps: 192,
      lowBitrate: false,
      fileTags: null,
    });
    expect(item.durationSeconds).toBeCloseTo(3, 0);
    const row = await t.app.db
      .selectFrom('cloudUploads')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(listener.id);
    expect(await readFile(path.join(storageDir, row.objectKey))).toEqual(bytes);
  });

  it("reads the file's own tags, for the admin beside what the listener typed", async () => {
    const bytes = await makeTrack('flac', {
      tags: { artist: 'De Dijk', title: 'Mag Het Licht Uit', album: 'Niemand in de stad' },
    });
    const response = await upload(listener, { bytes, name: 'opname.flac', type: 'audio/flac' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject({
      ...FIELDS,
      fileTags: { artist: 'De Dijk', title: 'Mag Het Licht Uit', album: 'Niemand in de stad' },
    });
  });

  it('takes a FLAC named .mp3 by its bytes, and flags a track below 128 kbps', async () => {
    const flac = await makeTrack('flac');
    const lossless = await upload(listener, { bytes: flac, name: 'track.mp3', type: 'audio/mpeg' });
    expect(lossless.statusCode, lossless.body).toBe(201);
    expect(lossless.json<{ upload: CloudUpload }>().upload).toMatchObject({
      contentType: 'audio/flac',
      lowBitrate: false,
    });

    const thin = await upload(listener, {
      bytes: await makeTrack('mp3', { kbps: 64 }),
      name: 'dun.mp3',
      type: 'audio/mpeg',
    });
    expect(thin.statusCode, thin.body).toBe(201);
    expect(thin.json<{ upload: CloudUpload }>().upload).toMatchObject({
      bitrateKbps: 64,
      lowBitrate: true,
    });
  });

  describe('refuses, with the text in `error`, and keeps nothing', () => {
    const refused = async (
      response: { statusCode: number; json: () => unknown; body: string },
      status: number,
      code: string,
      text: RegExp,
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({
        code,
        message: expect.stringMatching(text),
        error: expect.stringMatching(text),
      });
    };

    it('a JPEG renamed to .mp3', async () => {
      const before = await stored();
      const bytes = await makeJpeg();
      const response = await upload(listener, { bytes, name: 'track.mp3', type: 'audio/mpeg' });
      await refused(response, 415, 'UNSUPPORTED_AUDIO_TYPE', /^Ongeldig bestandstype/);
      expect(await stored()).toEqual(before);
    });

    it('a file of 50 MB and 1 byte, while it streams', async () => {
      const before = await stored();
      const bytes = Buffer.alloc(50 * 1024 * 1024 + 1);
      (await makeTrack('mp3')).copy(bytes);
      const response = await upload(listener, { bytes, name: 'groot.mp3', type: 'audio/mpeg' });
      await refused(response, 413, 'FILE_TOO_LARGE', /^Bestand te groot/);
      expect(await stored()).toEqual(before);
    });

    it.each(['artist', 'title', 'submittedBy'])('a form without %s', async (field) => {
      const before = await stored();
      const bytes = await makeTrack('mp3');
      const fields: Record<string, string> = { ...FIELDS, [field]: '  ' };
      const response = await upload(listener, { bytes, name: 't.mp3', type: 'audio/mpeg' }, fields);
      await refused(response, 400, 'VALIDATION_ERROR', /^Incomplete informatie/);
      expect(await stored()).toEqual(before);
    });

    it('a form without a file', async () => {
      const before = await stored();
      await refused(await upload(listener, null), 400, 'MISSING_AUDIO', /^Incomplete informatie/);
      expect(await stored()).toEqual(before);
    });

    it('an anonymous caller', async () => {
      const bytes = await makeTrack('mp3');
      const { payload, headers } = await multipartBody(
        { bytes, name: 't.mp3', type: 'audio/mpeg' },
        FIELDS,
      );
      const response = await t.client().post(UPLOAD, payload, { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: expect.any(String) });
    });

    it('an upload whose connection breaks off', async () => {
      const before = await stored();
      const bytes = await makeTrack('flac', { seconds: 60 });
      const { payload, headers } = await multipartBody(
        { bytes, name: 'lang.flac', type: 'audio/flac' },
        FIELDS,
      );
      await breakOffUpload(t, listener, UPLOAD, { payload, headers }, storageDir);
      expect(await stored()).toEqual(before);
    });

    it('parallel uploads past the daily limit: only as many as fit are kept', async () => {
      const busy = await t.createUser({ name: 'Tegelijk' });
      await t.app.db
        .insertInto('cloudUploads')
        .values(
          Array.from({ length: 8 }, (_, index) => ({
            userId: busy.id,
            artist: 'A',
            title: `T${index}`,
            originalName: 't.mp3',
            submittedBy: 'Tegelijk',
            objectKey: `cloud-uploads/parallel-${index}.mp3`,
            contentType: 'audio/mpeg',
            sizeBytes: 1,
          })),
        )
        .execute();
      const before = await stored();
      const bytes = await makeTrack('mp3');
      const responses = await Promise.all(
        [1, 2, 3, 4].map((n) => upload(busy, { bytes, name: `t${n}.mp3`, type: 'audio/mpeg' })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 201, 429, 429]);
      const after = await stored();
      expect(after.rows).toBe(before.rows + 2);
      const tracks = (objects: string[]) => objects.filter((name) => name.endsWith('.mp3'));
      expect(tracks(after.objects).length).toBe(tracks(before.objects).length + 2);
    });

    it('the upload over the daily limit, saying when uploading works again', async () => {
      const busy = await t.createUser({ name: 'Veelupper' });
      const earliest = new Date(Date.now() - 3 * 60 * 60 * 1000);
      await t.app.db
        .insertInto('cloudUploads')
        .values(
          Array.from({ length: 10 }, (_, index) => ({
            userId: busy.id,
            artist: 'A',
            title: `T${index}`,
            originalName: 't.mp3',
            submittedBy: 'Veelupper',
            objectKey: `cloud-uploads/limit-${index}.mp3`,
            contentType: 'audio/mpeg',
            sizeBytes: 1,
            uploadedAt: new Date(earliest.getTime() + index * 60_000),
          })),
        )
        .execute();
      const before = await stored();
      const bytes = await makeTrack('mp3');
      const response = await upload(busy, { bytes, name: 't.mp3', type: 'audio/mpeg' });
      const when = new Intl.DateTimeFormat('nl-NL', {
        timeZone: 'Europe/Amsterdam',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(earliest.getTime() + 24 * 60 * 60 * 1000));
      await refused(response, 429, 'DAILY_UPLOAD_LIMIT', new RegExp(`10 uploads per dag.*${when}`));
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(20 * 3600);
      expect(await stored()).toEqual(before);
    });
  });
});

describe('moderation', () => {
  let adminClient: Awaited<ReturnType<TestApp['clientFor']>>;
  let bytes: Buffer;
  let id: number;

  beforeAll(async () => {
    adminClient = await t.clientFor(admin);
    bytes = await makeTrack('ogg', { seconds: 2, kbps: 160 });
    const response = await upload(listener, {
      bytes,
      name: 'Doe Maar – Smoorverliefd.ogg',
      type: 'audio/ogg',
    });
    expect(response.statusCode, response.body).toBe(201);
    ({ id } = response.json<{ upload: CloudUpload }>().upload);
  });

  const statusOf = async (status: string): Promise<number[]> => {
    const response = await adminClient.get(`/api/cloud-uploads?status=${status}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ uploads: CloudUpload[] }>().uploads.map((item) => item.id);
  };

  it('links each upload to the external storage view only when one is configured', async () => {
    const [item] = (await adminClient.get('/api/cloud-uploads')).json<{ uploads: CloudUpload[] }>()
      .uploads;
    expect(item?.storageUrl).toBeNull();
    const viewDir = await mkdtemp(path.join(os.tmpdir(), 'radio-cloud-storage-'));
    const viewing = await createTestApp(buildUploadsApp, {
      STORAGE_DIR: viewDir,
      S3_BUCKET: 'radio',
      STORAGE_VIEW_URL_TEMPLATE: 'http://localhost:9001/browser/{bucket}/{key}',
    });
    try {
      const user = await viewing.createUser();
      const form = await multipartBody(
        { bytes: await makeTrack('mp3'), name: 't.mp3', type: 'audio/mpeg' },
        FIELDS,
      );
      const response = await (
        await viewing.clientFor(user)
      ).post(UPLOAD, form.payload, { headers: form.headers });
      expect(response.json<{ upload: CloudUpload }>().upload.storageUrl).toMatch(
        /^http:\/\/localhost:9001\/browser\/radio\/cloud-uploads%2F[a-f0-9]{32}\.mp3$/,
      );
    } finally {
      await viewing.close();
      await rm(viewDir, { recursive: true, force: true });
    }
  });

  it("shows each listener their own uploads only, without the admin's storage link", async () => {
    const mine = await (await t.clientFor(listener)).get('/api/cloud-uploads/mine');
    expect(mine.statusCode).toBe(200);
    const body = mine.json<{ uploads: CloudUpload[]; libraryAvailable: boolean }>();
    expect(body.uploads[0]).toMatchObject({ id, status: 'pending', storageUrl: null });
    expect(body.uploads.every((item) => item.submittedBy === FIELDS.submittedBy)).toBe(true);
    // This service has no station library (LIBRARY_DIR unset): the admin cannot add to one.
    expect(body.libraryAvailable).toBe(false);
    const library = await adminClient.post(`/api/cloud-uploads/${id}/library`);
    expect(library.statusCode).toBe(409);
    expect(library.json()).toMatchObject({ code: 'NO_STATION_LIBRARY' });

    const other = await t.createUser({ name: 'Iemand anders' });
    const theirs = await (await t.clientFor(other)).get('/api/cloud-uploads/mine');
    expect(theirs.json<{ uploads: CloudUpload[] }>().uploads).toEqual([]);
  });

  it('lists uploads by status, newest first', async () => {
    const all = await adminClient.get('/api/cloud-uploads');
    const ids = all.json<{ uploads: CloudUpload[] }>().uploads.map((item) => item.id);
    expect(ids[0]).toBe(id);
    expect(await statusOf('pending')).toContain(id);
    expect(await statusOf('approved')).not.toContain(id);
    expect((await adminClient.get('/api/cloud-uploads?status=weg')).statusCode).toBe(400);
  });

  it('plays a pending upload for the admin to hear, and for no one else', async () => {
    const preview = await adminClient.get(`/api/cloud-uploads/${id}/audio`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/ogg');
    expect(preview.rawPayload).toEqual(bytes);
    const listenerClient = await t.clientFor(listener);
    expect((await listenerClient.get(`/api/cloud-uploads/${id}/audio`)).statusCode).toBe(403);
    expect((await adminClient.get('/api/cloud-uploads/2147483647/audio')).statusCode).toBe(404);
  });

  it('will not download a pending upload', async () => {
    const response = await adminClient.post(`/api/cloud-uploads/${id}/download`);
    expect(response.statusCode).toBe(409);
  });

  it('approves once; every other move is a conflict', async () => {
    const approved = await adminClient.patch(`/api/cloud-uploads/${id}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ upload: CloudUpload }>().upload).toMatchObject({
      status: 'approved',
      reviewedBy: 'Moderator',
      reviewedAt: expect.any(String),
    });
    expect(await statusOf('approved')).toContain(id);
    for (const status of ['rejected', 'approved']) {
      const again = await adminClient.patch(`/api/cloud-uploads/${id}/status`, { status });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    }
    const byHand = await adminClient.patch(`/api/cloud-uploads/${id}/status`, {
      status: 'downloaded',
    });
    expect(byHand.statusCode).toBe(400);
    const missing = await adminClient.patch('/api/cloud-uploads/2147483647/status', {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('downloads the same bytes under the original name through a short-lived link', async () => {
    const response = await adminClient.post(`/api/cloud-uploads/${id}/download`);
    expect(response.statusCode, response.body).toBe(200);
    const { downloadUrl } = response.json<{ downloadUrl: string }>();
    expect(await statusOf('downloaded')).toContain(id);

    const file = await t.client().get(downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(bytes);
    expect(file.headers['content-type']).toBe('audio/ogg');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Doe Maar _ Smoorverliefd.ogg"; filename*=UTF-8''Doe%20Maar%20%E2%80%93%20Smoorverliefd.ogg`,
    );

    // A downloaded upload can be downloaded again; the link expires and cannot be forged.
    expect((await adminClient.post(`/api/cloud-uploads/${id}/download`)).statusCode).toBe(200);
    const pathname = downloadUrl.split('?')[0] ?? '';
    const secret = pathSigningSecret(t.env.INTERNAL_TOKEN ?? '');
    const expired = signPath(secret, pathname, 300, Date.now() - 301_000);
    expect((await t.client().get(expired)).statusCode).toBe(404);
    expect((await t.client().get(`${pathname}?expires=9999999999&signature=abc`)).statusCode).toBe(
      404,
    );
  });

  it('rejects a pending upload, which then cannot be downloaded', async () => {
    const response = await upload(listener, {
      bytes: await makeTrack('mp3'),
      name: 'nee.mp3',
      type: 'audio/mpeg',
    });
    const rejectedId = response.json<{ upload: CloudUpload }>().upload.id;
    const rejected = await adminClient.patch(`/api/cloud-uploads/${rejectedId}/status`, {
      status: 'rejected',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await statusOf('rejected')).toContain(rejectedId);
    expect((await adminClient.post(`/api/cloud-uploads/${rejectedId}/download`)).statusCode).toBe(
      409,
    );
  });
});

describe('track uploads in an S3 bucket', () => {
  let s3: S3Server;
  let bucket: TestApp;
  /** The same bucket with S3_PUBLIC_URL: browsers reach it themselves. */
  let published: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    const settings = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'radio',
    };
    await new S3Storage({
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: 'radio',
      region: 'us-east-1',
      servedAt: { urlPrefix: '/files', signingSecret: 'unused' },
    }).ensureBucket();
    bucket = await createTestApp(buildUploadsApp, settings);
    published = await createTestApp(buildUploadsApp, { ...settings, S3_PUBLIC_URL: s3.endpoint });
  });
  afterAll(async () => {
    await bucket.close();
    await published.close();
    await s3.stop();
  });

  async function approvedUpload(app: TestApp, bytes: Buffer): Promise<number> {
    const client = await app.clientFor(await app.createUser());
    const form = await multipartBody(
      { bytes, name: 'Artiest - Titel.mp3', type: 'audio/mpeg' },
      FIELDS,
    );
    const response = await client.post(UPLOAD, form.payload, { headers: form.headers });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ upload: CloudUpload }>().upload;
    const adminClient = await app.clientFor(await app.createUser({ role: 'admin' }));
    await adminClient.patch(`/api/cloud-uploads/${id}/status`, { status: 'approved' });
    return id;
  }

  // Compose's s3 publishes no port: the admin's link must work through the gateway.
  it('downloads from a private bucket by a signed path the uploads service streams', async () => {
    const bytes = await makeTrack('mp3');
    const id = await approvedUpload(bucket, bytes);
    const adminClient = await bucket.clientFor(await bucket.createUser({ role: 'admin' }));
    const link = await adminClient.post(`/api/cloud-uploads/${id}/download`);
    expect(link.statusCode, link.body).toBe(200);
    const { downloadUrl } = link.json<{ downloadUrl: string }>();
    expect(downloadUrl).toMatch(
      /^\/files\/cloud-uploads\/[a-f0-9]{32}\.mp3\?expires=\d+&signature=/,
    );
    const file = await bucket.client().get(downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="Artiest - Titel.mp3"');
    expect(file.rawPayload).toEqual(bytes);
    expect((await bucket.client().get(`${downloadUrl.slice(0, -1)}x`)).statusCode).toBe(404);
  });

  it("with S3_PUBLIC_URL, downloads by the bucket's presigned link at that address", async () => {
    const bytes = await makeTrack('mp3');
    const id = await approvedUpload(published, bytes);
    const adminClient = await published.clientFor(await published.createUser({ role: 'admin' }));
    const link = await adminClient.post(`/api/cloud-uploads/${id}/download`);
    const { downloadUrl } = link.json<{ downloadUrl: string }>();
    expect(downloadUrl.startsWith(`${s3.endpoint}/radio/cloud-uploads/`)).toBe(true);
    const file = await fetch(downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('filename="Artiest - Titel.mp3"');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('stores the track and keeps nothing of a refusal', async () => {
    const user = await bucket.createUser();
    const client = await bucket.clientFor(user);
    const bytes = await makeTrack('mp3');
    const before = await s3.objectKeys('radio');
    const form = await multipartBody(
      { bytes, name: 'Artiest - Titel.mp3', type: 'audio/mpeg' },
      FIELDS,
    );
    const response = await client.post(UPLOAD, form.payload, { headers: form.headers });
    expect(response.statusCode, response.body).toBe(201);
    const keys = await s3.objectKeys('radio');
    expect(keys).toHaveLength(before.length + 1);

    const jpeg = await multipartBody(
      { bytes: await makeJpeg(), name: 'x.mp3', type: 'audio/mpeg' },
      FIELDS,
    );
    expect((await client.post(UPLOAD, jpeg.payload, { headers: jpeg.headers })).statusCode).toBe(
      415,
    );
    expect(await s3.objectKeys('radio')).toEqual(keys);
  });
});

// The crafted files: what is stored about a file is what was measured of it, finite and
// in range, and one odd row never breaks the moderation lists.
describe('crafted files', () => {
  let maker: TestUser;

  beforeAll(async () => {
    maker = await t.createUser({ name: 'Knutselaar' });
  });

  const sent = (bytes: Buffer, name: string, type = 'audio/wav') =>
    upload(maker, { bytes, name, type });

  /** The three lists the moderation page and the uploader read all answer, with every upload. */
  async function expectListsAnswer(): Promise<CloudUpload[]> {
    const adminClient = await t.clientFor(admin);
    const lists = await Promise.all([
      adminClient.get('/api/cloud-uploads'),
      adminClient.get('/api/cloud-uploads?status=pending'),
      (await t.clientFor(maker)).get('/api/cloud-uploads/mine'),
    ]);
    for (const list of lists) expect(list.statusCode, list.body).toBe(200);
    return lists[0].json<{ uploads: CloudUpload[] }>().uploads;
  }

  it.each([
    [
      'a 16 KB WAV with nBlockAlign=0 (a header duration of Infinity)',
      craftWav({ rate: 8000, bits: 8, seconds: 2, blockAlign: 0 }),
      { durationSeconds: 2, bitrateKbps: 64 },
    ],
    [
      'a WAV whose header claims one sample (a bitrate past the integer column)',
      craftWav({ rate: 384_000, bits: 16, seconds: 1.5, factSamples: 1 }),
      { durationSeconds: 1.5, bitrateKbps: 6144 },
    ],
  ])('stores %s with what it decodes to', async (_label, bytes, facts) => {
    const response = await sent(bytes, 'gemaakt.wav');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject(facts);
    await expectListsAnswer();
  });

  it.each([
    ['a 600-byte mp3', 'mp3', 600],
    ['a 200-byte flac', 'flac', 200],
  ] as const)('refuses %s as unreadable and keeps nothing', async (_label, kind, size) => {
    const whole = await makeTrack(kind, { seconds: 5, kbps: 128 });
    const before = await stored();
    const response = await sent(whole.subarray(0, size), `kapot.${kind}`, 'audio/mpeg');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNREADABLE_AUDIO',
      error:
        'Het audiobestand kan niet worden gelezen. Controleer het bestand en probeer het opnieuw.',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a WAV of half a second, measured while it arrived, as unreadable and keeps nothing', async () => {
    const before = await stored();
    const response = await sent(craftWav({ rate: 8000, bits: 16, seconds: 0.5 }), 'kort.wav');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UNREADABLE_AUDIO' });
    expect(await stored()).toEqual(before);
  });

  it('names the download by what the file is: an mp3 with an HTML tail named .html', async () => {
    const tail = Buffer.from('<html><body><script>alert(1)</script></body></html>\n'.repeat(50));
    const response = await sent(
      Buffer.concat([await makeTrack('mp3'), tail]),
      'listen-to-me.html',
      'text/html',
    );
    expect(response.statusCode, response.body).toBe(201);
    const { upload: item } = response.json<{ upload: CloudUpload }>();
    expect(item).toMatchObject({ originalName: 'listen-to-me.mp3', contentType: 'audio/mpeg' });

    const adminClient = await t.clientFor(admin);
    await adminClient.patch(`/api/cloud-uploads/${item.id}/status`, { status: 'approved' });
    const download = await adminClient.post(`/api/cloud-uploads/${item.id}/download`);
    const file = await t.client().get(download.json<{ downloadUrl: string }>().downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="listen-to-me.mp3"; filename*=UTF-8''listen-to-me.mp3`,
    );
  });

  it('keeps no bidi override in the name or the tags (a U+202E shows an extension reversed)', async () => {
    const mp3 = await makeTrack('mp3', { tags: { title: 'Avond\u202Eexe.3pm' } });
    const response = await sent(mp3, 'liedje\u202Egpj.mp3', 'audio/mpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject({
      originalName: 'liedjegpj.mp3',
      fileTags: { title: 'Avondexe.3pm' },
    });
  });

  it('a duration or bitrate out of range cannot be stored any more', async () => {
    const row = (values: { durationSeconds?: number; bitrateKbps?: number }) =>
      t.app.db
        .insertInto('cloudUploads')
        .values({
          ...FIELDS,
          originalName: 'oud.wav',
          objectKey: `cloud-uploads/${values.durationSeconds}-${values.bitrateKbps}.wav`,
          contentType: 'audio/wav',
          sizeBytes: 16_044,
          ...values,
        })
        .execute();
    await expect(row({ durationSeconds: Infinity })).rejects.toThrow(/duration_in_range/);
    await expect(row({ durationSeconds: Number.NaN })).rejects.toThrow(/duration_in_range/);
    await expect(row({ durationSeconds: 0 })).rejects.toThrow(/duration_in_range/);
    await expect(row({ bitrateKbps: 2_000_000 })).rejects.toThrow(/bitrate_in_range/);
  });

  it('a row stored before the checks does not break the lists, and is rejected properly', async () => {
    // As in a database from before the checks (the migration repairs such rows).
    await sql`alter table cloud_uploads drop constraint cloud_uploads_duration_in_range`.execute(
      t.app.db,
    );
    try {
      const { id } = await t.app.db
        .insertInto('cloudUploads')
        .values({
          ...FIELDS,
          userId: maker.id,
          originalName: 'oneindig.wav',
          objectKey: 'cloud-uploads/oneindig.wav',
          contentType: 'audio/wav',
          sizeBytes: 16_044,
          durationSeconds: Infinity,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const uploads = await expectListsAnswer();
      expect(uploads.find((item) => item.id === id)).toMatchObject({ durationSeconds: null });

      const rejected = await (
        await t.clientFor(admin)
      ).patch(`/api/cloud-uploads/${id}/status`, { status: 'rejected' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<{ upload: CloudUpload }>().upload).toMatchObject({
        status: 'rejected',
        durationSeconds: null,
      });
      await t.app.db.deleteFrom('cloudUploads').where('id', '=', id).execute();
    } finally {
      await sql`alter table cloud_uploads add constraint cloud_uploads_duration_in_range
        check (duration_seconds > 0 and duration_seconds <= 86400)`.execute(t.app.db);
    }
  });
});
