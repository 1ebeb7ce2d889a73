import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, S3Error } from 'minio';
import { ByteLimit } from './byte-limit.ts';
import { signObjectPath, type StorageContext } from './signed-path.ts';
import {
  assertValidKey,
  attachmentDisposition,
  ObjectNotFoundError,
  type ObjectStat,
  type ObjectStorage,
  type PutOptions,
  type SignedUrlOptions,
} from './storage.ts';

export interface S3StorageOptions extends S3Credentials {
  /** e.g. http://s3:3900 */
  endpoint: string;
  bucket: string;
  /** Bytes per part of a multipart upload (S3's minimum is 5 MiB); the memory one upload uses. */
  partBytes?: number;
  /**
   * Where browsers reach the bucket (S3_PUBLIC_URL): signed links are the bucket's own presigned
   * URLs at that address. Without it the bucket stays private (compose's s3 publishes no port)
   * and signed links are signed paths under `servedAt.urlPrefix`, streamed by the uploads service.
   */
  publicEndpoint?: string;
  servedAt: StorageContext;
}

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
const MIN_PART_BYTES = 5 * 1024 * 1024;

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

const isNotFound = (error: unknown): boolean =>
  error instanceof S3Error && NOT_FOUND_CODES.has(String(error.code));

/** Objects in one S3 bucket through the minio client (Garage under compose). */
export class S3Storage implements ObjectStorage {
  readonly #client: Client;
  /** Signs presigned URLs for the public address; null: links are signed paths of ours. */
  readonly #publicClient: Client | null;
  readonly #servedAt: StorageContext;
  readonly #bucket: string;
  readonly #partBytes: number;

  constructor(options: S3StorageOptions) {
    this.#client = s3Client(options.endpoint, options);
    this.#publicClient = options.publicEndpoint ? s3Client(options.publicEndpoint, options) : null;
    this.#servedAt = options.servedAt;
    this.#bucket = options.bucket;
    this.#partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? DEFAULT_PART_BYTES);
  }

  /** Creates the bucket when it does not exist (tests; compose's s3 service makes its own). */
  async ensureBucket(): Promise<void> {
    if (!(await this.#client.bucketExists(this.#bucket)))
      await this.#client.makeBucket(this.#bucket);
  }

  readonly stagingDir = null;

  putFile(key: string, file: string, options: PutOptions): Promise<{ size: number }> {
    return this.put(key, createReadStream(file), options);
  }

  /**
   * Streams through the byte limit: an object that fits in one part is stored with one PUT; a
   * larger one goes up part by part (a multipart upload), so at most one part is in memory. An
   * upload that breaks off or grows too large is aborted, and a multipart upload never becomes
   * an object until it completes, so nothing is left under the key.
   */
  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    assertValidKey(key);
    const limit = new ByteLimit(options.maxBytes);
    const headers = { 'Content-Type': options.contentType };
    const parts: { part: number; etag: string }[] = [];
    let uploadId: string | null = null;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const sendPart = async (): Promise<void> => {
      uploadId ??= await this.#client.initiateNewMultipartUpload(this.#bucket, key, headers);
      const content = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const part = parts.length + 1;
      const { etag } = await this.#client.uploadPart(
        {
          bucketName: this.#bucket,
          objectName: key,
          uploadID: uploadId,
          partNumber: part,
          headers: { 'Content-Length': content.length },
        },
        content,
      );
      parts.push({ part, etag });
    };
    try {
      await pipeline(body, limit, async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= this.#partBytes) await sendPart();
        }
      });
      if (uploadId === null) {
        const content = Buffer.concat(pending);
        await this.#client.putObject(this.#bucket, key, content, content.length, headers);
      } else {
        if (pendingBytes > 0) await sendPart();
        await this.#client.completeMultipartUpload(this.#bucket, key, uploadId, parts);
      }
    } catch (error) {
      if (uploadId !== null) await this.#abort(key, uploadId);
      throw error;
    }
    return { size: limit.bytes };
  }

  /** Drops the parts of an unfinished upload; the put's own error is what the caller needs. */
  async #abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.#client.abortMultipartUpload(this.#bucket, key, uploadId);
    } catch {
      // Only parts are left then, never an object (`garage bucket cleanup-incomplete-uploads`).
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      return await this.#client.getObject(this.#bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertValidKey(key);
    try {
      const info = await this.#client.statObject(this.#bucket, key);
      const contentType = info.metaData['content-type'];
      return {
        size: info.size,
        contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        lastModified: info.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.#client.removeObject(this.#bucket, key);
  }

  async signedUrl(
    key: string,
    ttlSeconds: number,
    options: SignedUrlOptions = {},
  ): Promise<string> {
    assertValidKey(key);
    if (!this.#publicClient) return signObjectPath(this.#servedAt, key, ttlSeconds);
    const headers: Record<string, string> = {};
    if (options.downloadName !== undefined) {
      headers['response-content-disposition'] = attachmentDisposition(options.downloadName);
    }
    return this.#publicClient.presignedGetObject(this.#bucket, key, ttlSeconds, headers);
  }
}

export interface S3Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
}

/** A path-style client; with the region given it never asks the server for one (presigning is offline). */
export function s3Client(endpoint: string, options: S3Credentials): Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port === '' ? (useSSL ? 443 : 80) : Number(url.port),
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: true,
  });
}
