// Copies one bucket into another and checks the copy (copyBucket), e.g. a station's MinIO bucket
// into compose's Garage (scripts/migrate-minio.sh runs it in the uploads image):
//   from SOURCE_S3_ENDPOINT, SOURCE_S3_ACCESS_KEY, SOURCE_S3_SECRET_KEY, SOURCE_S3_REGION
//   (us-east-1), SOURCE_S3_BUCKET (default S3_BUCKET)
//   to the app's own S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_BUCKET.
// Both servers may still be starting: each is asked for its bucket for up to a minute.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { storageEnv } from './config.ts';
import { copyBucket, type BucketLocation } from './copy-bucket.ts';
import { s3Client } from './s3-storage.ts';

const url = z.url({ protocol: /^https?$/ });
const key = z.string().min(1);
const env = z
  .object({
    SOURCE_S3_ENDPOINT: url,
    SOURCE_S3_ACCESS_KEY: key,
    SOURCE_S3_SECRET_KEY: key,
    SOURCE_S3_REGION: storageEnv.shape.S3_REGION,
    SOURCE_S3_BUCKET: storageEnv.shape.S3_BUCKET.optional(),
    S3_ENDPOINT: url,
    S3_ACCESS_KEY: key,
    S3_SECRET_KEY: key,
    S3_REGION: storageEnv.shape.S3_REGION,
    S3_BUCKET: storageEnv.shape.S3_BUCKET,
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `settings missing or invalid: ${Object.keys(z.flattenError(env.error).fieldErrors).join(', ')}`,
  );
  process.exit(1);
}
const settings = env.data;

async function ready(name: string, endpoint: string, at: BucketLocation): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exists: boolean | undefined;
  while (exists === undefined) {
    try {
      exists = await at.client.bucketExists(at.bucket);
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`${name} (${endpoint}) does not answer: ${String(error)}`, {
          cause: error,
        });
      }
      await sleep(1000);
    }
  }
  if (!exists) throw new Error(`${name} (${endpoint}) has no bucket ${at.bucket}`);
}

const from: BucketLocation = {
  client: s3Client(settings.SOURCE_S3_ENDPOINT, {
    accessKey: settings.SOURCE_S3_ACCESS_KEY,
    secretKey: settings.SOURCE_S3_SECRET_KEY,
    region: settings.SOURCE_S3_REGION,
  }),
  bucket: settings.SOURCE_S3_BUCKET ?? settings.S3_BUCKET,
};
const to: BucketLocation = {
  client: s3Client(settings.S3_ENDPOINT, {
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
    region: settings.S3_REGION,
  }),
  bucket: settings.S3_BUCKET,
};
try {
  await ready('the source', settings.SOURCE_S3_ENDPOINT, from);
  await ready('the target', settings.S3_ENDPOINT, to);
  const report = await copyBucket(from, to, (message) => console.log(message));
  console.log(
    `done: ${report.objects} objects (${report.bytes} bytes) in ${to.bucket} at ${settings.S3_ENDPOINT}, ` +
      `${report.copied} copied by this run, every one identical to the source (size, type, SHA-256)`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
