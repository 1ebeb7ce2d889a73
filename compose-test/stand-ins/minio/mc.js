#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS script in the stand-in image */
// The few `mc` commands our compose file uses, for the s3rver stand-in.
//   mc ready local | mc alias set NAME URL USER PASSWORD | mc mb [--ignore-existing] NAME/BUCKET
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const aliases = path.join(require('node:os').tmpdir(), 'mc-aliases.json');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const request = (url, method) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject).on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });

(async () => {
  if (args[0] === 'ready') {
    await request('http://127.0.0.1:9000/', 'GET').catch(() => fail('not ready'));
  } else if (args[0] === 'alias' && args[1] === 'set') {
    const all = fs.existsSync(aliases) ? JSON.parse(fs.readFileSync(aliases, 'utf8')) : {};
    all[args[2]] = args[3];
    fs.writeFileSync(aliases, JSON.stringify(all));
  } else if (args[0] === 'mb') {
    const [alias, bucket] = args[1].split('/');
    const base = JSON.parse(fs.readFileSync(aliases, 'utf8'))[alias];
    // s3rver accepts anonymous requests; 409 when the bucket exists.
    const status = await request(`${base}/${bucket}`, 'PUT');
    if (status !== 200 && status !== 409) fail(`mb answered ${status}`);
    console.log(`Bucket created: ${args[1]}`);
  } else {
    fail(`mc stand-in: unsupported: ${args.join(' ')}`);
  }
})();
