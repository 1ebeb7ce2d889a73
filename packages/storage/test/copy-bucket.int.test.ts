import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3, type S3Server } from '@radio/testing';
import { copyBucket, s3Client, type BucketLocation } from '../src/index.ts';

const MiB = 1024 * 1024;

/** What the old server holds: small and large objects, nested keys, odd names, no type. */
const OBJECTS: { key: string; body: Buffer; type?: string }[] = [
  { key: 'voicetracks/a1.mp3', body: randomBytes(40_000), type: 'audio/mpeg' },
  { key: 'cloud-uploads/2026/11/groot.flac', body: randomBytes(12 * MiB), type: 'audio/flac' },
  { key: 'cloud-uploads/met spatie & accent é.ogg', body: randomBytes(1_000), type: 'audio/ogg' },
  { key: 'leeg.txt', body: Buffer.alloc(0), type: 'text/plain' },
  { key: 'zonder-type', body: randomBytes(10) },
];

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(at: BucketLocation): Promise<string[]> {
  const found: string[] = [];
  for await (const item of at.client.listObjectsV2(at.bucket, '', true)) {
    found.push(String((item as { name?: string }).name));
  }
  return found.sort();
}

describe('copying a bucket into another', () => {
  let source: S3Server;
  let target: S3Server;
  let from: BucketLocation;
  let to: BucketLocation;
  let bucket = '';

  const location = (server: S3Server): BucketLocation => ({
    client: s3Client(server.endpoint, { ...server, region: 'us-east-1' }),
    bucket,
  });
  const put = (at: BucketLocation, key: string, body: Buffer, type?: string) =>
    at.client.putObject(at.bucket, key, body, body.length, type ? { 'Content-Type': type } : {});

  beforeAll(async () => {
    [source, target] = await Promise.all([startS3(), startS3()]);
  });
  afterAll(async () => {
    await Promise.all([source.stop(), target.stop()]);
  });
  beforeEach(async () => {
    bucket = `radio-${randomBytes(4).toString('hex')}`;
    from = location(source);
    to = location(target);
    await from.client.makeBucket(bucket);
    await to.client.makeBucket(bucket);
    for (const object of OBJECTS) await put(from, object.key, object.body, object.type);
  });

  it('copies every object byte for byte with its content type, and says how much', async () => {
    const report = await copyBucket(from, to);

    const total = OBJECTS.reduce((sum, object) => sum + object.body.length, 0);
    expect(report).toEqual({ objects: OBJECTS.length, bytes: total, copied: OBJECTS.length });
    expect(await keys(to)).toEqual(await keys(from));
    for (const object of OBJECTS) {
      const copy = await bytes(await to.client.getObject(bucket, object.key));
      expect(createHash('sha256').update(copy).digest('hex')).toBe(
        createHash('sha256').update(object.body).digest('hex'),
      );
      const stat = await to.client.statObject(bucket, object.key);
      if (object.type) expect(stat.metaData['content-type']).toBe(object.type);
    }
  });

  it('goes on where an interrupted run stopped, and copies nothing the second time', async () => {
    const [first, second] = OBJECTS;
    await put(to, first!.key, first!.body, first!.type);
    await put(to, second!.key, second!.body, second!.type);

    expect((await copyBucket(from, to)).copied).toBe(OBJECTS.length - 2);
    expect((await copyBucket(from, to)).copied).toBe(0);
    expect(await keys(to)).toEqual(await keys(from));
  });

  it('copies again what differs at the same size, and keeps what only the target has', async () => {
    const [voice] = OBJECTS;
    await put(to, voice!.key, randomBytes(voice!.body.length), voice!.type);
    await put(to, 'voicetracks/nieuw-na-de-overstap.mp3', randomBytes(100), 'audio/mpeg');

    await copyBucket(from, to);

    expect(await bytes(await to.client.getObject(bucket, voice!.key))).toEqual(voice!.body);
    expect(await keys(to)).toContain('voicetracks/nieuw-na-de-overstap.mp3');
  });
});
