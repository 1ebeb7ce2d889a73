#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS script in the stand-in image */
// `/garage` of the Garage stand-in: what docker-compose.yml uses of Garage v2.4, over s3rver.
// Sources are Garage's own (git.deuxfleurs.fr/Deuxfleurs/garage, branch main-v2 as of bbc1dc3d,
// 2026-06-30: after v2.3.0, which brought --single-node and --default-bucket, and #1373, which
// brought `garage health`; v2.4.0 and v2.4.1 were tagged later on that branch), cited by file;
// the variables and flags are also in its quick start (documentation/quick-start):
//   garage [-c FILE] server --single-node [--default-access-key] [--default-bucket]
//     Reads the TOML file FILE, GARAGE_CONFIG_FILE or /etc/garage.toml (src/garage/main.rs) and the
//     RPC secret from GARAGE_RPC_SECRET, which wins over rpc_secret in the file: 32 bytes as hex
//     (src/garage/secrets.rs, main.rs). --single-node needs replication_factor = 1;
//     --default-access-key and --default-bucket need --single-node; the key comes from
//     GARAGE_DEFAULT_ACCESS_KEY / GARAGE_DEFAULT_SECRET_KEY, created once and refused later with
//     another secret, the bucket from GARAGE_DEFAULT_BUCKET, with read, write and owner rights
//     for that key (src/garage/server.rs, initial_config). Key names: at least 8 of
//     [A-Za-z0-9_.-]; secrets: at least 16 printable ASCII (src/model/key_table.rs, Key::import).
//     The S3 API on [s3_api] api_bind_addr checks AWS v4 signatures (header and presigned URL)
//     the way Garage does: path and query re-encoded, signed headers trimmed, Host and every
//     x-amz-* header but x-amz-content-sha256 signed, the scope's region must be s3_region, else
//     400 AuthorizationHeaderMalformed, unknown key or wrong signature 403
//     (src/api/common/signature/payload.rs, encoding.rs). Not mimicked: the payload hash check.
//   garage [-c FILE] health
//     Asks the node over RPC (rpc_public_addr, else 127.0.0.1 and rpc_bind_addr's port, with the
//     node's id from metadata_dir and the RPC secret) for the cluster health and exits 1 when it
//     is unavailable or unreachable (src/garage/cli/remote/cluster.rs, cmd_health; main.rs).
// Underneath: s3rver on a loopback port, its files in data_dir, behind a proxy that checks the
// signatures (s3rver itself only checks that the key exists).
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');

const fail = (message) => {
  console.error(`Error: ${message}`);
  process.exit(1);
};

function parseArgs(argv) {
  let config = process.env.GARAGE_CONFIG_FILE || '/etc/garage.toml';
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '-c' || argv[i] === '--config') config = argv[++i];
    else rest.push(argv[i]);
  }
  return { config, command: rest[0], flags: new Set(rest.slice(1)) };
}

// The subset of TOML that garage.toml files use: [section], key = "string" | number | bool.
function readConfig(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    fail(`Unable to read configuration file ${file}.`);
  }
  const config = {};
  let section = config;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const header = /^\[([A-Za-z0-9_]+)\]$/.exec(line);
    if (header) {
      section = config[header[1]] = {};
      continue;
    }
    const pair = /^([A-Za-z0-9_]+)\s*=\s*(.+)$/.exec(line);
    if (!pair) fail(`${file}: cannot parse: ${raw}`);
    section[pair[1]] = JSON.parse(pair[2]);
  }
  return config;
}

function rpcSecret(config) {
  const secret = process.env.GARAGE_RPC_SECRET ?? config.rpc_secret;
  if (!secret) fail('No RPC secret provided');
  if (!/^([0-9a-fA-F]{2})+$/.test(secret)) fail('Invalid RPC secret key (bad hex)');
  if (secret.length !== 64) fail('Invalid RPC secret provided (wrong length)');
  return secret;
}

function hostPort(address) {
  const match = /^\[?([^\]]*)\]?:(\d+)$/.exec(address);
  if (!match) fail(`invalid address ${address}`);
  return { host: match[1], port: Number(match[2]) };
}

const nodeKeyFile = (config) => path.join(config.metadata_dir, 'node_key');

// ---- S3 API: AWS v4 signatures as Garage checks them ----------------------------------------

const uriEncode = (text, encodeSlash) =>
  Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9_\-~.]/.test(c)) return c;
      if (c === '/' && !encodeSlash) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** null when the request is signed right, else [status, code, message]. */
function checkSignature(request, url, keys, region) {
  const query = [...new URLSearchParams(url.search)];
  const presigned = query.some(([name]) => name === 'X-Amz-Algorithm');
  let credential, signedHeaders, signature, date, contentSha256;
  if (presigned) {
    const get = (name) => query.find(([key]) => key === name)?.[1] ?? '';
    [credential, signedHeaders, signature, date] = [
      'X-Amz-Credential',
      'X-Amz-SignedHeaders',
      'X-Amz-Signature',
      'X-Amz-Date',
    ].map(get);
    contentSha256 = 'UNSIGNED-PAYLOAD';
    const expires = Number(get('X-Amz-Expires'));
    const signedAt = Date.parse(
      date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!(signedAt + expires * 1000 >= Date.now()))
      return [400, 'InvalidRequest', 'Bad request: Date is too old'];
  } else {
    const header = request.headers.authorization;
    if (!header)
      return [403, 'AccessDenied', 'Forbidden: Garage does not support anonymous access yet'];
    const fields = Object.fromEntries(
      header
        .replace(/^AWS4-HMAC-SHA256\s+/, '')
        .split(/,\s*/)
        .map((part) => part.split('=')),
    );
    [credential, signedHeaders, signature] = [
      fields.Credential,
      fields.SignedHeaders,
      fields.Signature,
    ];
    date = request.headers['x-amz-date'] ?? '';
    contentSha256 = request.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD';
  }
  const [keyId, ...scopeParts] = (credential ?? '').split('/');
  const scope = scopeParts.join('/');
  const expectedScope = `${date.slice(0, 8)}/${region}/s3/aws4_request`;
  if (scope !== expectedScope) {
    return [
      400,
      'AuthorizationHeaderMalformed',
      `Authorization header malformed, unexpected scope: ${scope} (expected ${expectedScope})`,
    ];
  }
  const signed = (signedHeaders ?? '').split(';').sort();
  if (!signed.includes('host'))
    return [400, 'InvalidRequest', 'Bad request: Header `Host` should be signed'];
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith('x-amz-') && name !== 'x-amz-content-sha256' && !signed.includes(name)) {
      return [400, 'InvalidRequest', `Bad request: Header \`${name}\` should be signed`];
    }
  }
  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${uriEncode(name, true)}=${uriEncode(value, true)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signed
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .join(' ')}`,
    )
    .join('\n');
  const canonicalRequest = [
    request.method,
    uriEncode(decodeURIComponent(url.pathname), false),
    canonicalQuery,
    canonicalHeaders,
    '',
    signed.join(';'),
    contentSha256,
  ].join('\n');
  const secret = keys[keyId];
  if (secret === undefined) return [403, 'AccessDenied', `Forbidden: No such key: ${keyId}`];
  let signingKey = `AWS4${secret}`;
  for (const part of [date.slice(0, 8), region, 's3', 'aws4_request'])
    signingKey = hmac(signingKey, part);
  const expected = hmac(
    signingKey,
    ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n'),
  );
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return [403, 'AccessDenied', 'Forbidden: Invalid signature'];
  }
  return null;
}

// ---- garage server ---------------------------------------------------------------------------

async function server(config, flags) {
  const secret = rpcSecret(config);
  if (!flags.has('--single-node')) fail('this stand-in implements only `server --single-node`');
  if (config.replication_factor !== 1) {
    fail('Single-node mode requires replication_factor = 1 in the configuration file.');
  }
  for (const dir of [config.metadata_dir, config.data_dir]) fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(nodeKeyFile(config))) {
    fs.writeFileSync(nodeKeyFile(config), crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }

  const keysFile = path.join(config.metadata_dir, 'stand-in-keys.json');
  const keys = fs.existsSync(keysFile) ? JSON.parse(fs.readFileSync(keysFile, 'utf8')) : {};
  const buckets = [];
  if (flags.has('--default-access-key') || flags.has('--default-bucket')) {
    const env = (name) => process.env[name] ?? fail(`Environment variable \`${name}\` is not set`);
    const keyId = env('GARAGE_DEFAULT_ACCESS_KEY');
    const secretKey = env('GARAGE_DEFAULT_SECRET_KEY');
    if (keys[keyId] === undefined) {
      if (keyId.length < 8)
        fail('Invalid default access key: Key identifiers should be at least 8 characters long');
      if (!/^[A-Za-z0-9_.-]+$/.test(keyId)) {
        fail(
          "Invalid default access key: Key identifiers should be composed only of ASCII alphanumeric characters and characters '-', '_' and '.'",
        );
      }
      if (secretKey.length < 16)
        fail('Invalid default access key: Secret keys should be at least 16 characters long');
      if (!/^[\x21-\x7e]+$/.test(secretKey)) {
        fail(
          'Invalid default access key: Secret keys should be composed only of graphic ASCII characters (U+0021 to U+007E)',
        );
      }
      console.log(`INFO garage::server: Creating default access key \`${keyId}\``);
      keys[keyId] = secretKey;
      fs.writeFileSync(keysFile, JSON.stringify(keys));
    } else if (keys[keyId] !== secretKey) {
      fail(
        `Access key ${keyId} is associated with a secret key different than the one given in GARAGE_DEFAULT_SECRET_KEY`,
      );
    }
    if (flags.has('--default-bucket')) {
      const bucket = env('GARAGE_DEFAULT_BUCKET');
      if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
        fail('Invalid default bucket name, see S3 specification for allowed bucket names.');
      }
      buckets.push({ name: bucket, configs: [] });
    }
  }

  const S3rver = require('/opt/s3/node_modules/s3rver');
  const { DUMMY_ACCOUNT } = require('/opt/s3/node_modules/s3rver/lib/models/account');
  for (const [keyId, secretKey] of Object.entries(keys))
    DUMMY_ACCOUNT.createKeyPair(keyId, secretKey);
  const backend = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: config.data_dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: buckets,
  });
  const { port: backendPort } = await backend.run();

  const rpc = hostPort(config.rpc_bind_addr);
  const rpcServer = net.createServer((socket) => {
    socket.once('data', (data) => {
      const healthy = data.toString().trim() === secret;
      socket.end(
        healthy ? JSON.stringify({ status: 'healthy', knownNodes: 1, connectedNodes: 1 }) : '',
      );
    });
  });
  await new Promise((resolve) => rpcServer.listen(rpc.port, rpc.host, resolve));

  const api = hostPort(config.s3_api.api_bind_addr);
  const front = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://garage');
    const refused = checkSignature(request, url, keys, config.s3_api.s3_region);
    if (refused) {
      const [status, code, message] = refused;
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><Resource>${url.pathname}</Resource><Region>${config.s3_api.s3_region}</Region></Error>`,
      );
      return;
    }
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise((resolve) => front.listen(api.port, api.host, resolve));
  console.log(
    `INFO garage: S3 API server listening on ${config.s3_api.api_bind_addr} (stand-in: s3rver)`,
  );
  const stop = () => process.exit(0);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---- garage health ---------------------------------------------------------------------------

function health(config) {
  const secret = rpcSecret(config);
  if (!fs.existsSync(nodeKeyFile(config))) {
    fail(`Unable to read or generate node ID: ${nodeKeyFile(config)}: No such file or directory`);
  }
  const target = config.rpc_public_addr
    ? hostPort(config.rpc_public_addr)
    : { host: '127.0.0.1', port: hostPort(config.rpc_bind_addr).port };
  const socket = net.connect(target.port, target.host, () => socket.write(`${secret}\n`));
  let answer = '';
  socket.setTimeout(3000, () => socket.destroy(new Error('timeout')));
  socket.on('data', (data) => (answer += data));
  socket.on('error', (error) =>
    fail(`Unable to connect to destination RPC host: ${error.message}`),
  );
  socket.on('end', () => {
    if (!answer) fail('Unable to connect to destination RPC host: handshake refused');
    const state = JSON.parse(answer);
    console.log(
      `Cluster health:     ${state.status.toUpperCase()}\nKnown nodes:        ${state.knownNodes}\nConnected nodes:    ${state.connectedNodes}`,
    );
    if (state.status === 'unavailable') fail('Cluster is currently unavailable');
  });
}

const { config: configFile, command, flags } = parseArgs(process.argv.slice(2));
if (command === 'server') server(readConfig(configFile), flags);
else if (command === 'health') health(readConfig(configFile));
else fail(`garage stand-in: unsupported command: ${process.argv.slice(2).join(' ')}`);
