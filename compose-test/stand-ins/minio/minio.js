#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS script in the stand-in image */
// `minio server DIR [--console-address ...]`: s3rver on :9000 with MINIO_ROOT_USER/PASSWORD.
const S3rver = require('/opt/s3/node_modules/s3rver');
const { DUMMY_ACCOUNT } = require('/opt/s3/node_modules/s3rver/lib/models/account');

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  console.error('usage: minio server DIR');
  process.exit(2);
}
DUMMY_ACCOUNT.createKeyPair(process.env.MINIO_ROOT_USER, process.env.MINIO_ROOT_PASSWORD);
new S3rver({ address: '0.0.0.0', port: 9000, directory, silent: true, vhostBuckets: false })
  .run()
  .then(() => console.log('s3rver (MinIO stand-in) on :9000'));
