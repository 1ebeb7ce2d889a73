import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkStorageEnv, storageEnv } from '../src/index.ts';

const schema = storageEnv.superRefine(checkStorageEnv);

describe('the storage settings', () => {
  it('default to a local folder', () => {
    expect(schema.parse({})).toMatchObject({
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: '.data/storage',
    });
  });

  it('name every S3 setting the s3 driver misses', () => {
    const result = schema.safeParse({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000' });
    expect(result.success).toBe(false);
    expect(z.treeifyError(result.error!).properties).toMatchObject({
      S3_ACCESS_KEY: { errors: ['is required when STORAGE_DRIVER=s3'] },
      S3_SECRET_KEY: { errors: ['is required when STORAGE_DRIVER=s3'] },
    });
  });
});
