import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type S3Server } from '@radio/testing';
import {
  isValidPathSignature,
  LocalStorage,
  ObjectNotFoundError,
  ObjectTooLargeError,
  S3Storage,
  type ObjectStorage,
} from '../src/index.ts';

const SECRET = 'test-signing-secret';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

/** A stream of `chunks` chunks of 64 KiB, the way an upload arrives. */
function chunked(chunks: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      this.push(sent > chunks ? null : Buffer.alloc(64 * 1024, 1));
    },
  });
}

/** A stream that fails halfway, like an aborted upload. */
function aborted(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      if (sent > 3) this.destroy(new Error('verbinding verbroken'));
      else this.push(Buffer.alloc(64 * 1024, 2));
    },
  });
}

interface Driver {
  storage: ObjectStorage;
  /** What the signed URL gives back, fetched the way its user would. */
  fetchSigned(url: string): Promise<{ status: number; body: string }>;
  /** Every stored file or object, to prove nothing was left behind. */
  leftovers(): Promise<string[]>;
  /** s3rver checks the access key of a presigned URL but not its v4 signature. */
  checksSignature: boolean;
}

function describeDriver(name: string, setUp: () => Promise<Driver>, tearDown: () => Promise<void>) {
  describe(`${name} object storage`, () => {
    let driver: Driver;
    beforeAll(async () => {
      driver = await setUp();
    });
    afterAll(tearDown);
    const key = (): string => `tests/${randomBytes(8).toString('hex')}.mp3`;

    it('stores a stream and gives it back with its size and type', async () => {
      const k = key();
      const { size } = await driver.storage.put(
        k,
        Readable.from([Buffer.from('hallo '), Buffer.from('radio')]),
        {
          maxBytes: 1_000,
          contentType: 'audio/mpeg',
        },
      );
      expect(size).toBe(11);
      expect(await text(await driver.storage.get(k))).toBe('hallo radio');
      const stat = await driver.storage.stat(k);
      expect(stat).toMatchObject({ size: 11, contentType: 'audio/mpeg' });
    });

    it('refuses a stream over the limit while it streams and keeps nothing', async () => {
      const k = key();
      const before = await driver.leftovers();
      await expect(
        driver.storage.put(k, chunked(40), { maxBytes: 1024 * 1024, contentType: 'audio/mpeg' }),
      ).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await driver.storage.stat(k)).toBeNull();
      expect(await driver.leftovers()).toEqual(before);
    });

    it('keeps nothing of a stream that breaks off', async () => {
      const k = key();
      const before = await driver.leftovers();
      await expect(
        driver.storage.put(k, aborted(), { maxBytes: 10_000_000, contentType: 'audio/mpeg' }),
      ).rejects.toThrow('verbinding verbroken');
      expect(await driver.storage.stat(k)).toBeNull();
      expect(await driver.leftovers()).toEqual(before);
    });

    it('accepts exactly the limit', async () => {
      const k = key();
      const { size } = await driver.storage.put(k, chunked(2), {
        maxBytes: 128 * 1024,
        contentType: 'audio/mpeg',
      });
      expect(size).toBe(128 * 1024);
    });

    it('deletes, and a missing object is gone for stat, get and delete alike', async () => {
      const k = key();
      await driver.storage.put(k, Readable.from([Buffer.from('weg')]), {
        maxBytes: 100,
        contentType: 'audio/mpeg',
      });
      await driver.storage.delete(k);
      expect(await driver.storage.stat(k)).toBeNull();
      await expect(driver.storage.get(k)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(driver.storage.delete(k)).resolves.toBeUndefined();
    });

    it('refuses keys that leave the store', async () => {
      for (const bad of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) {
        await expect(driver.storage.stat(bad)).rejects.toThrow('invalid object key');
      }
    });

    it('gives a signed URL that fetches the object', async () => {
      const k = key();
      await driver.storage.put(k, Readable.from([Buffer.from('getekend')]), {
        maxBytes: 100,
        contentType: 'audio/mpeg',
      });
      const url = await driver.storage.signedUrl(k, 60);
      expect(await driver.fetchSigned(url)).toEqual({ status: 200, body: 'getekend' });
      // The signature is the URL's last parameter for both drivers.
      const tampered = `${url.slice(0, -1)}${url.endsWith('0') ? '1' : '0'}`;
      expect(tampered).not.toBe(url);
      if (driver.checksSignature) expect((await driver.fetchSigned(tampered)).status).toBe(403);
    });
  });
}

let dir = '';
const local = (): LocalStorage =>
  new LocalStorage({ dir, urlPrefix: '/files', signingSecret: SECRET });

async function walk(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describeDriver(
  'local folder',
  async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'radio-storage-'));
    const storage = local();
    return {
      storage,
      // What the uploads service does with a signed path: check it, then stream the file.
      async fetchSigned(url) {
        const parsed = new URL(url, 'http://radio.test');
        const key = parsed.pathname.replace(/^\/files\//, '');
        const valid = isValidPathSignature(SECRET, parsed.pathname, {
          expires: parsed.searchParams.get('expires'),
          signature: parsed.searchParams.get('signature'),
        });
        if (!valid) return { status: 403, body: '' };
        return { status: 200, body: await text(await storage.get(key)) };
      },
      leftovers: () => walk(dir),
      checksSignature: true,
    };
  },
  () => rm(dir, { recursive: true, force: true }),
);

let s3: S3Server;
describeDriver(
  'S3',
  async () => {
    s3 = await startS3();
    const storage = new S3Storage({
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: 'radio-test',
      region: 'us-east-1',
    });
    await storage.ensureBucket();
    const listing = (): Promise<string[]> => s3.objectKeys('radio-test');
    return {
      storage,
      async fetchSigned(url) {
        const response = await fetch(url);
        return { status: response.status, body: await response.text() };
      },
      leftovers: listing,
      checksSignature: false,
    };
  },
  () => s3.stop(),
);
