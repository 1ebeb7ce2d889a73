import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, S3Error } from 'minio';
import { ByteLimit } from './byte-limit.ts';
import {
  assertValidKey,
  attachmentDisposition,
  ObjectNotFoundError,
  type ObjectStat,
  type ObjectStorage,
  type PutOptions,
  type SignedUrlOptions,
} from './storage.ts';

export interface S3StorageOptions {
  /** e.g. http://minio:9000 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

const isNotFound = (error: unknown): boolean =>
  error instanceof S3Error && NOT_FOUND_CODES.has(String(error.code));

/** Objects in one S3 bucket through the minio client (MinIO under compose). */
export class S3Storage implements ObjectStorage {
  readonly #client: Client;
  readonly #bucket: string;

  constructor(options: S3StorageOptions) {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.#client = new Client({
      endPoint: url.hostname,
      port: url.port === '' ? (useSSL ? 443 : 80) : Number(url.port),
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
    this.#bucket = options.bucket;
  }

  /** Creates the bucket when it does not exist (tests; compose's minio-setup makes it). */
  async ensureBucket(): Promise<void> {
    if (!(await this.#client.bucketExists(this.#bucket)))
      await this.#client.makeBucket(this.#bucket);
  }

  /**
   * Reads the stream through the byte limit into memory, then stores it in one PUT: an upload
   * that breaks off or grows too large never reaches the bucket, so nothing is left behind
   * (objects here are at most tens of MB; a multipart upload would leave parts to clean up).
   */
  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    assertValidKey(key);
    const limit = new ByteLimit(options.maxBytes);
    const chunks: Buffer[] = [];
    await pipeline(body, limit, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    });
    const content = Buffer.concat(chunks);
    await this.#client.putObject(this.#bucket, key, content, content.length, {
      'Content-Type': options.contentType,
    });
    return { size: content.length };
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

  signedUrl(key: string, ttlSeconds: number, options: SignedUrlOptions = {}): Promise<string> {
    assertValidKey(key);
    const headers: Record<string, string> = {};
    if (options.downloadName !== undefined) {
      headers['response-content-disposition'] = attachmentDisposition(options.downloadName);
    }
    return this.#client.presignedGetObject(this.#bucket, key, ttlSeconds, headers);
  }
}
