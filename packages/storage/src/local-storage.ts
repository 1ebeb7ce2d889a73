import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit.ts';
import { signObjectPath, type StorageContext } from './signed-path.ts';
import {
  assertValidKey,
  ObjectNotFoundError,
  ObjectTooLargeError,
  type ObjectStat,
  type ObjectStorage,
  type PutOptions,
} from './storage.ts';

export interface LocalStorageOptions extends StorageContext {
  /** The folder that holds the objects (STORAGE_DIR). */
  dir: string;
}

/** Content types live next to the object, since a plain file has none. */
const TYPE_SUFFIX = '.content-type';

/** Where the local driver (and the uploads service's work folders) keep what is not stored yet. */
export const localStagingDir = (dir: string): string => path.join(dir, '.incoming');

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Objects as files in a folder: written to a temporary file, renamed into place when complete. */
export class LocalStorage implements ObjectStorage {
  readonly #options: LocalStorageOptions;

  constructor(options: LocalStorageOptions) {
    this.#options = options;
  }

  get stagingDir(): string {
    return localStagingDir(this.#options.dir);
  }

  #file(key: string): string {
    assertValidKey(key);
    return path.join(this.#options.dir, key);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    const file = this.#file(key);
    const tempDir = this.stagingDir;
    await mkdir(tempDir, { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(tempDir, randomBytes(12).toString('hex'));
    const limit = new ByteLimit(options.maxBytes);
    try {
      await pipeline(body, limit, createWriteStream(temp, { flags: 'wx' }));
      await writeFile(`${file}${TYPE_SUFFIX}`, options.contentType);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      await this.delete(key);
      throw error;
    }
    return { size: limit.bytes };
  }

  async putFile(key: string, source: string, options: PutOptions): Promise<{ size: number }> {
    const file = this.#file(key);
    const { size } = await stat(source);
    if (size > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(`${file}${TYPE_SUFFIX}`, options.contentType);
      await rename(source, file);
    } catch (error) {
      // Another file system (EXDEV): copied through a temporary file instead.
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') {
        return this.put(key, createReadStream(source), options);
      }
      await this.delete(key);
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.#file(key);
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return createReadStream(file);
  }

  async stat(key: string): Promise<ObjectStat | null> {
    const file = this.#file(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const contentType = await readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(
        () => 'application/octet-stream',
      );
      return { size: info.size, contentType, lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.#file(key);
    await rm(file, { force: true });
    await rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    assertValidKey(key);
    return signObjectPath(this.#options, key, ttlSeconds);
  }
}
