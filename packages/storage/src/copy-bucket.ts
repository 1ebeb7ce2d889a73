import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type Client, S3Error } from 'minio';

/** A bucket on an S3 server. */
export interface BucketLocation {
  client: Client;
  bucket: string;
}

export interface CopyReport {
  /** Objects in the source bucket, and their bytes. */
  objects: number;
  bytes: number;
  /** Copied by this run; the others were already there (an earlier, interrupted run). */
  copied: number;
}

interface Listed {
  key: string;
  size: number;
}

interface Fingerprint {
  size: number;
  contentType: string;
  sha256: string;
}

async function list(from: BucketLocation): Promise<Listed[]> {
  const objects: Listed[] = [];
  for await (const item of from.client.listObjectsV2(from.bucket, '', true)) {
    const { name, size } = item as { name?: string; size?: number };
    if (name !== undefined) objects.push({ key: name, size: size ?? 0 });
  }
  return objects;
}

async function sizeOf(at: BucketLocation, key: string): Promise<number | null> {
  try {
    return (await at.client.statObject(at.bucket, key)).size;
  } catch (error) {
    if (error instanceof S3Error && (error.code === 'NotFound' || error.code === 'NoSuchKey')) {
      return null;
    }
    throw error;
  }
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function statWithType(at: BucketLocation, key: string) {
  const stat = await at.client.statObject(at.bucket, key);
  const contentType = stat.metaData['content-type'];
  return { size: stat.size, contentType: typeof contentType === 'string' ? contentType : '' };
}

async function fingerprint(at: BucketLocation, key: string): Promise<Fingerprint> {
  const { size, contentType } = await statWithType(at, key);
  return {
    size,
    contentType,
    sha256: await sha256(await at.client.getObject(at.bucket, key)),
  };
}

async function copyObject(from: BucketLocation, to: BucketLocation, key: string): Promise<void> {
  const { size, contentType } = await statWithType(from, key);
  await to.client.putObject(
    to.bucket,
    key,
    await from.client.getObject(from.bucket, key),
    size,
    contentType ? { 'Content-Type': contentType } : {},
  );
}

async function same(from: BucketLocation, to: BucketLocation, key: string): Promise<boolean> {
  const [a, b] = await Promise.all([fingerprint(from, key), fingerprint(to, key)]);
  return a.size === b.size && a.contentType === b.contentType && a.sha256 === b.sha256;
}

/**
 * Copies every object of `from` into `to` with its content type, one at a time (an object is
 * streamed, never held in memory), skipping those `to` already has with the same size: a run
 * that was interrupted just goes on. Then reads both buckets again and compares each object's
 * size, content type and SHA-256; one that differs is copied once more, and if it still differs
 * the copy fails naming it. Objects only `to` has are left alone.
 */
export async function copyBucket(
  from: BucketLocation,
  to: BucketLocation,
  progress: (message: string) => void = () => {},
): Promise<CopyReport> {
  const objects = await list(from);
  const bytes = objects.reduce((sum, object) => sum + object.size, 0);
  progress(`${objects.length} objects (${bytes} bytes) in ${from.bucket}`);
  let copied = 0;
  for (const [index, object] of objects.entries()) {
    if ((await sizeOf(to, object.key)) === object.size) continue;
    await copyObject(from, to, object.key);
    copied += 1;
    if (copied % 100 === 0) progress(`copied ${copied} (${index + 1} of ${objects.length} seen)`);
  }
  progress(
    `copied ${copied}, ${objects.length - copied} were there already; comparing every object`,
  );
  const differing: string[] = [];
  for (const { key } of objects) {
    if (await same(from, to, key)) continue;
    await copyObject(from, to, key);
    if (!(await same(from, to, key))) differing.push(key);
  }
  if (differing.length > 0) {
    throw new Error(`${differing.length} objects differ after copying: ${differing.join(', ')}`);
  }
  return { objects: objects.length, bytes, copied };
}
