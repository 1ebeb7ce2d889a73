import { z } from 'zod';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageContext } from './signed-path.ts';
import type { ObjectStorage } from './storage.ts';

/** The variables of object storage, for the env schema of a process that stores objects. */
export const storageEnv = z.object({
  /** local: a folder (native default); s3: a bucket (Garage under compose). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).default('.data/storage'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).default('radio'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Where browsers reach the bucket, for presigned links; empty: links served by the uploads service. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});
export type StorageConfig = z.output<typeof storageEnv>;

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/** For `.superRefine` of an env schema that includes storageEnv: what the s3 driver needs. */
export function checkStorageEnv(config: StorageConfig, context: z.RefinementCtx): void {
  if (config.STORAGE_DRIVER !== 's3') return;
  for (const name of S3_SETTINGS) {
    if (!config[name]) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when STORAGE_DRIVER=s3',
      });
    }
  }
}

export function createStorage(config: StorageConfig, context: StorageContext): ObjectStorage {
  if (config.STORAGE_DRIVER === 'local') {
    return new LocalStorage({ dir: config.STORAGE_DIR, ...context });
  }
  const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY } = config;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY || !S3_SECRET_KEY) {
    throw new Error(`STORAGE_DRIVER=s3 needs ${S3_SETTINGS.join(', ')}`);
  }
  return new S3Storage({
    endpoint: S3_ENDPOINT,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    publicEndpoint: config.S3_PUBLIC_URL,
    servedAt: context,
  });
}
