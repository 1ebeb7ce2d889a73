import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudUpload } from '@radio/contracts';
import { createTestApp, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { multipartBody } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';
import { craftWav, encodeTone } from '../crafted-audio.ts';
import { storedState } from '../uploads.ts';

// The crafted files: what is stored about a file is what was measured of it, finite and in
// range, and one odd row never breaks the moderation lists.

const FIELDS = { artist: 'Boudewijn de Groot', title: 'Avond', submittedBy: 'Luisteraar' };
const UNREADABLE = {
  code: 'UNREADABLE_AUDIO',
  error: 'Het audiobestand kan niet worden gelezen. Controleer het bestand en probeer het opnieuw.',
};

let t: TestApp;
let storageDir: string;
let audioDir: string;
let listener: TestUser;
let admin: TestUser;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'radio-crafted-storage-'));
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'radio-crafted-audio-'));
  t = await createTestApp(buildUploadsApp, {
    STORAGE_DIR: storageDir,
    CLOUD_UPLOADS_PER_DAY: '100',
  });
  listener = await t.createUser({ name: 'Knutselaar' });
  admin = await t.createUser({ name: 'Moderator', role: 'admin' });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
  await rm(audioDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, name: string, type = 'audio/wav') {
  const { payload, headers } = await multipartBody({ bytes, name, type }, FIELDS);
  return (await t.clientFor(listener)).post('/api/cloud-upload', payload, { headers });
}

/** The three lists the moderation page and the uploader read all answer, with every upload. */
async function expectListsAnswer(): Promise<CloudUpload[]> {
  const adminClient = await t.clientFor(admin);
  const lists = await Promise.all([
    adminClient.get('/api/cloud-uploads'),
    adminClient.get('/api/cloud-uploads?status=pending'),
    (await t.clientFor(listener)).get('/api/cloud-uploads/mine'),
  ]);
  for (const list of lists) expect(list.statusCode, list.body).toBe(200);
  return lists[0].json<{ uploads: CloudUpload[] }>().uploads;
}

describe('a file whose header lies is stored with what it decodes to', () => {
  it('a 16 KB WAV with nBlockAlign=0 (a header duration of Infinity)', async () => {
    const response = await upload(
      craftWav({ rate: 8000, bits: 8, seconds: 2, blockAlign: 0 }),
      'leeg.wav',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject({
      durationSeconds: 2,
      bitrateKbps: 64,
    });
    await expectListsAnswer();
  });

  it('a WAV whose header claims one sample (a bitrate past the integer column)', async () => {
    const response = await upload(
      craftWav({ rate: 384_000, bits: 16, seconds: 1.5, factSamples: 1 }),
      'kort.wav',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject({
      durationSeconds: 1.5,
      bitrateKbps: 6144,
    });
    await expectListsAnswer();
  });
});

describe('a truncated file is refused as unreadable, and nothing is kept', () => {
  it.each([
    ['a 600-byte mp3', 'kapot.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k'], 600],
    ['a 200-byte flac', 'kapot.flac', ['-c:a', 'flac'], 200],
  ])('%s', async (_label, name, codec, size) => {
    const whole = await encodeTone(audioDir, name, 5, codec);
    const before = await storedState(t, storageDir, 'cloudUploads');
    const response = await upload(whole.subarray(0, size), name, 'audio/mpeg');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject(UNREADABLE);
    expect(await storedState(t, storageDir, 'cloudUploads')).toEqual(before);
  });
});

describe('the download name', () => {
  it('takes the extension of what the file is: an mp3 with an HTML tail named .html', async () => {
    const mp3 = await encodeTone(audioDir, 'luister.mp3', 3, ['-c:a', 'libmp3lame']);
    const tail = Buffer.from('<html><body><script>alert(1)</script></body></html>\n'.repeat(50));
    const response = await upload(Buffer.concat([mp3, tail]), 'listen-to-me.html', 'text/html');
    expect(response.statusCode, response.body).toBe(201);
    const { upload: item } = response.json<{ upload: CloudUpload }>();
    expect(item).toMatchObject({ originalName: 'listen-to-me.mp3', contentType: 'audio/mpeg' });

    const adminClient = await t.clientFor(admin);
    await adminClient.patch(`/api/cloud-uploads/${item.id}/status`, { status: 'approved' });
    const { downloadUrl } = (
      await adminClient.post(`/api/cloud-uploads/${item.id}/download`)
    ).json<{
      downloadUrl: string;
    }>();
    const file = await t.client().get(downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="listen-to-me.mp3"; filename*=UTF-8''listen-to-me.mp3`,
    );
  });

  it('keeps no bidi override of the name or the tags (a U+202E shows an extension reversed)', async () => {
    const mp3 = await encodeTone(audioDir, 'omgekeerd.mp3', 3, [
      ...['-c:a', 'libmp3lame', '-metadata', 'title=Avond\u202Eexe.3pm'],
    ]);
    const response = await upload(mp3, 'liedje\u202Egpj.mp3', 'audio/mpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ upload: CloudUpload }>().upload).toMatchObject({
      originalName: 'liedjegpj.mp3',
      fileTags: { title: 'Avondexe.3pm' },
    });
  });
});

describe('a row stored before the checks', () => {
  it('cannot be stored any more: the database refuses a duration or bitrate out of range', async () => {
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

  it('does not break the lists, and is rejected with a proper answer', async () => {
    // As in a database from before the checks (the migration repairs such rows).
    await sql`alter table cloud_uploads drop constraint cloud_uploads_duration_in_range`.execute(
      t.app.db,
    );
    try {
      const { id } = await t.app.db
        .insertInto('cloudUploads')
        .values({
          ...FIELDS,
          userId: listener.id,
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
