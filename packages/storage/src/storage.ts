import type { Readable } from 'node:stream';

export interface ObjectStat {
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface PutOptions {
  /** The upload fails with ObjectTooLargeError as soon as more bytes than this arrive. */
  maxBytes: number;
  contentType: string;
}

export interface SignedUrlOptions {
  downloadName?: string;
}

/** `Content-Disposition: attachment` with a file name any browser keeps (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Object storage: a local folder (native) or an S3 bucket (Garage under compose). */
export interface ObjectStorage {
  /** Stores the stream under `key`. On any failure nothing is left under the key. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /**
   * Stores a finished file under `key`, moving it when it can (the local driver renames a file
   * from `stagingDir`, no copy); do not use `file` afterwards. On any failure nothing is left
   * under the key.
   */
  putFile(key: string, file: string, options: PutOptions): Promise<{ size: number }>;
  /**
   * A folder on the objects' own file system, where a file prepared for `putFile` is moved in
   * without a copy; null when the objects live elsewhere (a bucket).
   */
  readonly stagingDir: string | null;
  /** The object's bytes; ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** null when there is no object under the key. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that fetches the object without further credentials until it expires. With
   * `downloadName` a public bucket (S3_PUBLIC_URL) answers it as an attachment of that name;
   * signed paths are served by the uploads service, which names the file itself.
   */
  signedUrl(key: string, ttlSeconds: number, options?: SignedUrlOptions): Promise<string>;
}

export class ObjectTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
    this.maxBytes = maxBytes;
  }
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`no object under ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** Keys are relative paths of safe segments: no `..`, no leading slash, no odd characters. */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/)*[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid object key: ${key}`);
}
