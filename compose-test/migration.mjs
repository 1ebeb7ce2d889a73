// The move from MinIO to Garage (scripts/migrate-minio.sh), checked by compose-test/run.sh in a
// container on the stack's network:
//   PHASE=seed   every object of the services' bucket (what the smoke checks stored, which the
//                database names) and a few of every kind (12 MiB, empty, a name with spaces and
//                accents, no content type) put into the old MinIO's bucket, through that image's
//                stand-in at MINIO_ENDPOINT with MINIO_ROOT_USER/MINIO_ROOT_PASSWORD; their list
//                (size, type, SHA-256) kept in /signals/migration.json
//   PHASE=check  after the move into an empty Garage: every listed object is in the bucket with
//                the same bytes and type, and the app serves the voice messages and track uploads
//                the database names, byte for byte, through the gateway
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE, bucket, check, json, log, loggedInAdmin, poll } from './client.mjs';

const LIST = '/signals/migration.json';
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const services = await bucket();
const typeOf = async (s3, key) =>
  (await s3.statObject(services.name, key)).metaData['content-type'] ?? null;

if (process.env.PHASE === 'seed') {
  const { s3Client } = await import('/app/packages/storage/src/index.ts');
  const old = s3Client(process.env.MINIO_ENDPOINT, {
    accessKey: process.env.MINIO_ROOT_USER,
    secretKey: process.env.MINIO_ROOT_PASSWORD,
    region: 'us-east-1',
  });
  await poll('the old MinIO answers', 30_000, () =>
    old.listBuckets().then(
      () => true,
      () => false,
    ),
  );
  if (!(await old.bucketExists(services.name))) await old.makeBucket(services.name);
  const objects = [];
  for (const { key } of await services.list()) {
    objects.push({ key, body: await services.read(key), type: await typeOf(services.s3, key) });
  }
  check(objects.length >= 2, `the smoke checks stored objects (${objects.length} in the bucket)`);
  objects.push(
    {
      key: 'cloud-uploads/2026/groot.flac',
      body: randomBytes(12 * 1024 * 1024),
      type: 'audio/flac',
    },
    { key: 'voicetracks/leeg.mp3', body: Buffer.alloc(0), type: 'audio/mpeg' },
    {
      key: 'handmatig/met spatie & één accent.txt',
      body: Buffer.from('hallo'),
      type: 'text/plain',
    },
    { key: 'handmatig/zonder-type', body: randomBytes(100), type: null },
  );
  for (const { key, body, type } of objects) {
    await old.putObject(
      services.name,
      key,
      body,
      body.length,
      type ? { 'Content-Type': type } : {},
    );
  }
  const list = objects.map(({ key, body, type }) => ({
    key,
    size: body.length,
    type,
    sha256: sha256(body),
  }));
  writeFileSync(LIST, JSON.stringify(list));
  const bytes = list.reduce((sum, object) => sum + object.size, 0);
  log(`the old MinIO bucket holds ${list.length} objects (${bytes} bytes), the services' and more`);
} else {
  const list = JSON.parse(readFileSync(LIST, 'utf8'));
  const byKey = new Map(list.map((object) => [object.key, object]));
  for (const object of list) {
    const bytes = await services.read(object.key);
    check(
      bytes.length === object.size && sha256(bytes) === object.sha256,
      `${object.key}: ${bytes.length} bytes in Garage, ${object.size} in MinIO, or other bytes`,
    );
    const type = await typeOf(services.s3, object.key);
    check(!object.type || type === object.type, `${object.key}: type ${type}, was ${object.type}`);
  }
  log(
    `all ${list.length} objects are in Garage's bucket ${services.name}, the same bytes and types`,
  );

  const pg = createRequire('/app/packages/db/package.json')('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const voices = (await db.query('SELECT object_key FROM voice_messages')).rows;
  const uploads = (await db.query('SELECT id, object_key FROM cloud_uploads')).rows;
  await db.end();
  check(voices.length > 0 && uploads.length > 0, 'the database names voice messages and uploads');
  const { admin } = await loggedInAdmin();
  const same = async (response, key) => {
    check(response.ok, `${key}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    check(
      sha256(bytes) === byKey.get(key)?.sha256,
      `${key}: the app serves other bytes than MinIO had`,
    );
  };
  for (const { object_key: key } of voices) await same(await admin('GET', `/files/${key}`), key);
  for (const { id, object_key: key } of uploads) {
    const { downloadUrl } = await json(
      await admin('POST', `/api/cloud-uploads/${id}/download`),
      `moderation download of upload #${id}`,
    );
    await same(await fetch(new URL(downloadUrl, BASE)), key);
  }
  log(
    `the app serves the moved files byte for byte through the gateway (voice messages: ` +
      `${voices.length}, track uploads: ${uploads.length})`,
  );
}
