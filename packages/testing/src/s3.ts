import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { freePort, spawnTethered, stopProcess, waitFor } from './process.ts';

export interface S3Server {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** The keys of every object in the bucket, sorted (to prove nothing was left behind). */
  objectKeys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * s3rver's built-in account. No real S3 server (Garage, MinIO) installs from the registries we
 * reach (npm, Debian), so tests use s3rver: an S3 server over real HTTP with signature checks,
 * multipart uploads and presigned URLs, started as its own process like Postgres and Redis.
 */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

function s3rverBin(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin', 's3rver.js');
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
  });
}

/** A throwaway S3 server on a free loopback port with its data in a temporary folder. */
export async function startS3(): Promise<S3Server> {
  const port = await freePort();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'radio-s3-'));
  const child = spawnTethered(process.execPath, [
    s3rverBin(),
    '--directory',
    directory,
    '--address',
    '127.0.0.1',
    '--port',
    String(port),
    '--silent',
    '--no-vhost-buckets',
  ]);
  await waitFor(() => accepts(port), 'test S3 server');
  const client = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    pathStyle: true,
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    async objectKeys(bucket) {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(bucket, '', true)) {
        keys.push(String((item as { name?: string }).name));
      }
      return keys.sort();
    },
    async stop() {
      await stopProcess(child);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
