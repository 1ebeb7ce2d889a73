// The gateway as it runs: gateway/nginx.conf.template rendered the way scripts/render-gateway.sh
// does it, a real nginx on a free loopback port, and small Node upstreams that tell what they got.
import { execFileSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  freePort,
  spawnTethered,
  stopProcess,
  waitFor,
} from '../../packages/testing/src/process.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMetricsRegistry,
  startMetricsServer,
} from '../../packages/service-kit/src/metrics.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const template = path.join(root, 'gateway/nginx.conf.template');
const appScript = `export const station = ${JSON.stringify('Radio '.repeat(500))};\n`;
/** The build's gzip -9 twin of app.js (frontend/scripts/precompress.mjs). */
const appScriptGzip = gzipSync(appScript, { level: 9 });

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * An upstream that answers every request with what it received, as JSON; a dying one drops the
 * connection of every request it gets, without an answer (a copy killed mid-request).
 */
class EchoUpstream {
  readonly received: Received[] = [];
  private readonly dying: boolean;
  constructor(dying = false) {
    this.dying = dying;
  }
  private server = http.createServer((request, response) => {
    const received = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    };
    this.received.push(received);
    if (this.dying) {
      request.socket.destroy();
      return;
    }
    request.resume();
    if (request.url?.startsWith('/radio.mp3')) {
      // A stream that sends a little audio every 200 ms until the listener goes.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => response.write(Buffer.alloc(400)), 200);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (request.url?.startsWith('/api/events')) {
      // Server-sent events: one every 200 ms until the page goes.
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let id = 0;
      const timer = setInterval(() => response.write(`id: ${++id}\ndata: {}\n\n`), 200);
      response.on('close', () => clearInterval(timer));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'x-accel-expires': '1' });
    response.end(JSON.stringify({ ...received, count: this.received.length }));
  });
  port = 0;

  async start(port?: number, host = '127.0.0.1'): Promise<this> {
    this.port = port ?? (await freePort());
    this.server.maxConnections = 10_000;
    await new Promise<void>((resolve) => this.server.listen(this.port, host, resolve));
    return this;
  }

  hits(prefix: string): number {
    return this.received.filter((r) => r.url.startsWith(prefix)).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A stand-in for Docker's DNS: answers A queries for one name with the addresses it has now (a
 * service's copies), NXDOMAIN for any other name.
 */
class FakeDns {
  addresses: string[] = [];
  port = 0;
  private readonly socket = dgram.createSocket('udp4');
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
    this.socket.on('message', (query, client) => {
      const labels: string[] = [];
      let at = 12;
      while (query[at]) {
        labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('latin1'));
        at += 1 + query[at]!;
      }
      const question = query.subarray(12, at + 5);
      const known = labels.join('.').toLowerCase() === this.name;
      const answers = known && query.readUInt16BE(at + 1) === 1 ? this.addresses : [];
      const header = Buffer.alloc(12);
      header.writeUInt16BE(query.readUInt16BE(0), 0);
      header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(answers.length, 6);
      const records = answers.map((address) => {
        const record = Buffer.alloc(16);
        record.writeUInt16BE(0xc00c, 0); // the name: the question's
        record.writeUInt16BE(1, 2); // A
        record.writeUInt16BE(1, 4); // IN
        record.writeUInt32BE(1, 6); // TTL
        record.writeUInt16BE(4, 10);
        address.split('.').forEach((byte, i) => record.writeUInt8(Number(byte), 12 + i));
        return record;
      });
      this.socket.send(Buffer.concat([header, question, ...records]), client.port, client.address);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.port = this.socket.address().port;
    return this;
  }

  stop(): void {
    this.socket.close();
  }
}

class Gateway {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(path.join(tmpdir(), 'gateway-test-'));
  readonly accessLog = path.join(this.dir, 'access.log');
  port = 0;
  private readonly env: Record<string, string>;

  constructor(env: Record<string, string>) {
    this.env = env;
  }

  async start(): Promise<this> {
    this.port = await freePort();
    const staticRoot = path.join(this.dir, 'static');
    mkdirSync(path.join(staticRoot, 'assets'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(staticRoot, 'assets/app.js'), appScript);
    writeFileSync(path.join(staticRoot, 'assets/app.js.gz'), appScriptGzip);
    writeFileSync(
      path.join(staticRoot, 'robots.txt'),
      readFileSync(path.join(root, 'frontend/public/robots.txt')),
    );
    const names = [...new Set(readFileSync(template, 'utf8').match(/\$\{GATEWAY_[A-Z0-9_]*\}/g))];
    const env = {
      PATH: process.env.PATH ?? '',
      GATEWAY_LISTEN: `127.0.0.1:${this.port}`,
      GATEWAY_RUN_DIR: this.dir,
      GATEWAY_STATIC_ROOT: staticRoot,
      GATEWAY_STREAM_URL: `http://127.0.0.1:${this.port}/stream/radio.mp3`,
      GATEWAY_RESOLVER: '127.0.0.1',
      GATEWAY_ACCESS_LOG: this.accessLog,
      GATEWAY_STREAM_ORIGINS: 'https:',
      GATEWAY_PUBLIC_ORIGIN: 'http://localhost:8080,http://127.0.0.1:8080',
      GATEWAY_TRUSTED_PROXIES: '',
      GATEWAY_MAX_FILES: execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim(),
      GATEWAY_EVENTS_PER_ADDRESS: '64',
      ...this.env,
    };
    const config = execFileSync(
      'sh',
      [
        '-c',
        `. "${root}/gateway/real-ip.envsh" && . "${root}/gateway/upstreams.envsh" && envsubst '${names.join(' ')}' <"${template}"`,
      ],
      { env, encoding: 'utf8' },
    );
    const configFile = path.join(this.dir, 'nginx.conf');
    writeFileSync(configFile, config);
    const globals = process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
    this.child = spawnTethered('nginx', [
      '-p',
      this.dir,
      '-c',
      configFile,
      '-e',
      'stderr',
      '-g',
      globals,
    ]);
    // Its error log is read by nobody: drained, so a full pipe never stops nginx.
    this.child.stderr?.resume();
    this.child.stdout?.resume();
    await waitFor(async () => (await fetch(this.url('/_health/gateway'))).ok, 'nginx');
    return this;
  }

  url(pathAndQuery: string): string {
    return `http://127.0.0.1:${this.port}${pathAndQuery}`;
  }

  /** Where nginx keeps the listener cache's answer for a key (levels=1:2 of its MD5). */
  cacheFile(key: string): string {
    const md5 = createHash('md5').update(key).digest('hex');
    return path.join(this.dir, 'cache', md5.slice(-1), md5.slice(-3, -1), md5);
  }

  async stop(): Promise<void> {
    if (this.child) await stopProcess(this.child);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library in between to fix them) and reads the answer. */
async function raw(port: number, request: string): Promise<RawAnswer> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  const body = text.slice(split + 4);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function send(method: string, target: string, host = 'localhost'): Promise<RawAnswer> {
  return raw(
    gateway.port,
    `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
}

let api: EchoUpstream;
let gateway: Gateway;
let closedPort: number;

beforeAll(async () => {
  api = await new EchoUpstream().start();
  closedPort = await freePort();
  const upstream = `http://127.0.0.1:${api.port}`;
  gateway = await new Gateway({
    GATEWAY_AUTH_UPSTREAM: upstream,
    GATEWAY_REQUESTS_UPSTREAM: upstream,
    GATEWAY_PLAYLIST_UPSTREAM: upstream,
    GATEWAY_UPLOADS_UPSTREAM: `http://127.0.0.1:${closedPort}`,
    GATEWAY_STREAM_UPSTREAM: upstream,
  }).start();
});

afterAll(async () => {
  await gateway?.stop();
  await api?.stop();
});

async function echoed(response: Response): Promise<Received> {
  return (await response.json()) as Received;
}

describe('client addresses and names', () => {
  it('sends the services the address it saw, not an X-Forwarded-For the client made up', async () => {
    const response = await fetch(gateway.url('/api/requests'), {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8' },
    });
    const { headers } = await echoed(response);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBe('127.0.0.1');
  });

  it('behind a trusted TLS proxy, sends the visitor address the proxy gave and nothing before it', async () => {
    const proxied = await new Gateway({
      GATEWAY_AUTH_UPSTREAM: `http://127.0.0.1:${api.port}`,
      GATEWAY_REQUESTS_UPSTREAM: `http://127.0.0.1:${api.port}`,
      GATEWAY_PLAYLIST_UPSTREAM: `http://127.0.0.1:${api.port}`,
      GATEWAY_UPLOADS_UPSTREAM: `http://127.0.0.1:${api.port}`,
      GATEWAY_STREAM_UPSTREAM: `http://127.0.0.1:${api.port}`,
      GATEWAY_TRUSTED_PROXIES: '127.0.0.1',
    }).start();
    try {
      // The visitor forged the first entry; the proxy appended the address it saw.
      const response = await fetch(proxied.url('/api/requests'), {
        headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.20' },
      });
      const { headers } = await echoed(response);
      expect(headers['x-forwarded-for']).toBe('198.51.100.20');
      expect(headers['x-real-ip']).toBe('198.51.100.20');
    } finally {
      await proxied.stop();
    }
  });

  it('never redirects to the Host a client sent', async () => {
    const answer = await send('GET', '/assets', 'evil.example');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/assets/');
  });

  it('gives the services a fixed Host and the name the visitor used in X-Forwarded-Host', async () => {
    const answer = await raw(
      gateway.port,
      'GET /api/requests HTTP/1.0\r\nHost: 127.0.0.1:8080\r\n\r\n',
    );
    const { headers } = JSON.parse(answer.body) as Received;
    expect(headers.host).toBe('gateway');
    expect(headers['x-forwarded-host']).toBe('127.0.0.1:8080');
  });
});

describe("the gateway's own errors", () => {
  const jsonError = (answer: RawAnswer, status: number, code: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    const body = JSON.parse(answer.body) as { message: string; code: string };
    expect(body.code).toBe(code);
    expect(body.message).toMatch(/^[A-Z]/);
  };

  it.each([
    ['an unknown /api path, whatever its extension', '/api/foo.html', 404, 'NOT_FOUND'],
    ['a service that is down', '/api/voicetrack-upload', 503, 'SERVICE_UNAVAILABLE'],
  ])('answers %s in JSON, also to HEAD', async (_, target, status, code) => {
    jsonError(await send('GET', target), status, code);
    const head = await send('HEAD', target);
    expect(head.status).toBe(status);
    expect(head.headers['content-type']).toBe('application/json');
  });

  it('answers an upload larger than the default body limit to a service that is down in JSON', async () => {
    // The upload's full body (the request line and headers say 5 MB; none of it is sent).
    const answer = await raw(
      gateway.port,
      'POST /api/cloud-upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n',
    );
    jsonError(answer, 503, 'SERVICE_UNAVAILABLE');
  });

  it('answers a bad escape, a too long address and a too large body in JSON', async () => {
    jsonError(await send('GET', '/api/%zz'), 400, 'BAD_REQUEST');
    jsonError(await send('GET', `/api/requests?q=${'a'.repeat(20_000)}`), 414, 'URI_TOO_LONG');
    jsonError(
      await raw(
        gateway.port,
        'POST /api/requests HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n',
      ),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    jsonError(
      await raw(gateway.port, 'GET /api/requests HTTP/1.1\r\nConnection: close\r\n\r\n'),
      400,
      'BAD_REQUEST',
    );
  });

  it('answers HEAD wherever GET answers', async () => {
    for (const target of [
      '/',
      '/robots.txt',
      '/api/now-playing',
      '/api/requests',
      '/stream/radio.m3u',
    ]) {
      expect((await send('HEAD', target)).status, target).toBe(200);
    }
  });
});

describe('the listener cache', () => {
  it('is not bypassed by query parameters the answer does not depend on', async () => {
    const before = api.hits('/api/now-playing');
    for (let i = 0; i < 5; i++)
      expect((await fetch(gateway.url(`/api/now-playing?nocache=${i}`))).ok).toBe(true);
    // At most one fetch, and one more should the answer expire (1 s) on the way.
    expect(api.hits('/api/now-playing') - before).toBeLessThanOrEqual(2);

    const archive = api.hits('/api/playlist?');
    for (let i = 0; i < 5; i++) {
      expect((await fetch(gateway.url(`/api/playlist?date=2026-11-01&hour=12&x=${i}`))).ok).toBe(
        true,
      );
    }
    await fetch(gateway.url('/api/playlist?date=2026-11-01&hour=13'));
    expect(api.hits('/api/playlist?') - archive).toBeLessThanOrEqual(3);
  });

  it("never answers an archive query with another query's day or hour", async () => {
    // What the playlist service reads: case-sensitive keys, decoded; a repeated key is a list.
    const reads = (pathAndQuery: string) => {
      const query = new URLSearchParams(pathAndQuery.split('?')[1] ?? '');
      return { date: query.getAll('date'), hour: query.getAll('hour') };
    };
    const queries = [
      '?DATE=2025-02-02&date=2026-11-27&hour=all',
      '?date=2025-02-02&hour=all',
      '?date=2026-11-27&DATE=2025-02-02&hour=all',
      '?date=2026-11-27&hour=all',
      '?%64ate=2026-11-27&hour=all',
      '?hour=all',
      '?date=2025-02-02&date=2026-11-27&hour=all',
      '?date=2025-02-02&hour=all',
      '?date=2025-02-02&Hour=3&hour=all&HOUR=4',
      '?date=2025-02-02&hour=3',
      '?date=2025-02-02&hour=3&hour=all',
      '?date=2025-02-02&h%6Fur=3',
      '?date=2025-02-02',
    ];
    for (const round of [1, 2]) {
      for (const query of queries) {
        for (const path of ['/api/playlist', '/api/playlist/available-hours']) {
          const answer = await echoed(await fetch(gateway.url(`${path}${query}`)));
          expect({ round, path, query, reads: reads(answer.url) }).toEqual({
            round,
            path,
            query,
            reads: reads(query),
          });
        }
      }
    }
  });

  it('does not hand out an old now playing after an idle spell', async () => {
    await fetch(gateway.url('/api/now-playing'));
    const cached = gateway.cacheFile('now-playing');
    expect(existsSync(cached)).toBe(true);
    // nginx's cache manager drops an answer nobody asked for in 5 s (inactive=5s) on its next
    // round (it sleeps up to 10 s while it has nothing to drop): the file goes.
    await waitFor(async () => !existsSync(cached), 'the idle now playing dropped', 25_000);
    const answered = api.received.length;
    const after = (await (await fetch(gateway.url('/api/now-playing'))).json()) as {
      count: number;
    };
    // The answer was fetched for this request, not one kept from before the pause (that one
    // would carry an earlier count).
    expect(after.count).toBe(answered + 1);
  });
});

describe('HSTS', () => {
  it('is sent only when the public origin is https', async () => {
    const upstream = `http://127.0.0.1:${api.port}`;
    const secure = await new Gateway({
      GATEWAY_AUTH_UPSTREAM: upstream,
      GATEWAY_REQUESTS_UPSTREAM: upstream,
      GATEWAY_PLAYLIST_UPSTREAM: upstream,
      GATEWAY_UPLOADS_UPSTREAM: `http://127.0.0.1:${closedPort}`,
      GATEWAY_STREAM_UPSTREAM: upstream,
      GATEWAY_PUBLIC_ORIGIN: 'https://radio.example,https://www.radio.example',
    }).start();
    try {
      for (const target of ['/', '/api/now-playing', '/api/onbekend', '/assets/app.js']) {
        const headers = (await fetch(secure.url(target))).headers;
        expect({ target, hsts: headers.get('strict-transport-security') }).toEqual({
          target,
          hsts: 'max-age=31536000',
        });
        expect((await fetch(gateway.url(target))).headers.has('strict-transport-security')).toBe(
          false,
        );
      }
    } finally {
      await secure.stop();
    }
  });
});

describe('the built app', () => {
  it("serves a script's gzip twin from the build as it is, and the plain file to clients without gzip", async () => {
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            gateway.url('/assets/app.js'),
            { headers: { 'Accept-Encoding': acceptEncoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      });
    const gzipped = await get('gzip, deflate, br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzipped.body.equals(appScriptGzip)).toBe(true);
    expect(gunzipSync(gzipped.body).toString()).toBe(appScript);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appScript);
  });
});

describe('robots.txt', () => {
  it('is a real text file, not the app', async () => {
    const response = await fetch(gateway.url('/robots.txt'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*/m);
  });
});

describe('many listeners', () => {
  it('keeps the site answering while 2,500 listeners hold the stream', async () => {
    const listeners: net.Socket[] = [];
    try {
      let receiving = 0;
      await Promise.all(
        Array.from(
          { length: 2_500 },
          () =>
            new Promise<void>((resolve, reject) => {
              const socket = net.connect(gateway.port, '127.0.0.1', () =>
                socket.write('GET /stream/radio.mp3 HTTP/1.1\r\nHost: localhost\r\n\r\n'),
              );
              listeners.push(socket);
              socket.once('data', (chunk: Buffer) => {
                if (chunk.toString('latin1').startsWith('HTTP/1.1 200')) receiving++;
                resolve();
              });
              socket.on('error', reject);
            }),
        ),
      );
      expect(receiving).toBe(2_500);
      const page = await fetch(gateway.url('/'), { signal: AbortSignal.timeout(3_000) });
      expect(page.status).toBe(200);
      const nowPlaying = await fetch(gateway.url('/api/now-playing'), {
        signal: AbortSignal.timeout(3_000),
      });
      expect(nowPlaying.status).toBe(200);
    } finally {
      for (const socket of listeners) socket.destroy();
    }
  }, 60_000);
});

describe('live events', () => {
  /** Opens a stream as EventSource does; resolves with the status and the first body chunk. */
  function openStream(): Promise<{ socket: net.Socket; head: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(gateway.port, '127.0.0.1', () =>
        socket.write(
          'GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n' +
            'Accept-Encoding: gzip\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        // The head and, for a stream, its first event; an error answer comes whole.
        if (/\r\n\r\n[\s\S]*(data: |\})/.test(text)) resolve({ socket, head: text });
      });
      socket.on('error', reject);
    });
  }

  it('passes each event on as it comes, uncompressed, while the stream stays open', async () => {
    const { socket, head } = await openStream();
    try {
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head).toMatch(/content-type: text\/event-stream/i);
      expect(head).not.toMatch(/content-encoding/i);
      expect(head).toContain('id: 1\ndata: {}');
      expect(socket.destroyed).toBe(false);
    } finally {
      socket.destroy();
    }
  });

  it('is switched off without a reload by live-events.off: the pages get a JSON 503 and poll', async () => {
    const off = path.join(gateway.dir, 'live-events.off');
    writeFileSync(off, '');
    try {
      const refused = await fetch(gateway.url('/api/events'));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      rmSync(off);
    }
    const { socket, head } = await openStream();
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 200/);
  });

  it('holds at most 64 streams of one address; the next gets a JSON 429', async () => {
    const open: net.Socket[] = [];
    try {
      const streams = await Promise.all(Array.from({ length: 64 }, () => openStream()));
      open.push(...streams.map((stream) => stream.socket));
      expect(streams.every((stream) => stream.head.startsWith('HTTP/1.1 200'))).toBe(true);
      const { socket, head } = await openStream();
      open.push(socket);
      expect(head).toMatch(/^HTTP\/1\.1 429/);
      expect(head).toContain('"code":"TOO_MANY_CONNECTIONS"');
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});

describe('the access log', () => {
  it('leaves out health probes and successful now-playing polls, and logs a listen in one short line', async () => {
    await fetch(gateway.url('/_health/gateway'));
    await fetch(gateway.url('/_health/auth/healthz'));
    await fetch(gateway.url('/api/now-playing'));
    await fetch(gateway.url('/api/requests?marker=1'));
    const controller = new AbortController();
    const stream = await fetch(gateway.url('/stream/radio.mp3'), { signal: controller.signal });
    await stream.body?.getReader().read();
    controller.abort();
    await waitFor(
      async () => readFileSync(gateway.accessLog, 'utf8').includes(' stream '),
      'stream log line',
    );
    const log = readFileSync(gateway.accessLog, 'utf8');
    expect(log).toContain('/api/requests?marker=1');
    expect(log).not.toContain('/_health/');
    expect(log).not.toMatch(/GET \/api\/now-playing HTTP\/1.1" 200/);
    expect(log).toMatch(/^127\.0\.0\.1 stream 200 \d+ t=[\d.]+$/m);
  });
});

describe('several copies of a service', () => {
  const address = (upstream: EchoUpstream | number) =>
    `http://127.0.0.1:${typeof upstream === 'number' ? upstream : upstream.port}`;

  /** A gateway whose requests service is these copies (the others: the shared echo). */
  async function gatewayFor(copies: (EchoUpstream | number)[]): Promise<Gateway> {
    const echo = address(api);
    return new Gateway({
      GATEWAY_AUTH_UPSTREAM: echo,
      GATEWAY_REQUESTS_UPSTREAM: copies.map(address).join(' '),
      GATEWAY_PLAYLIST_UPSTREAM: echo,
      GATEWAY_UPLOADS_UPSTREAM: echo,
      GATEWAY_STREAM_UPSTREAM: echo,
    }).start();
  }

  async function withCopies(
    copies: (EchoUpstream | number)[],
    test: (gateway: Gateway) => Promise<void>,
  ): Promise<void> {
    const scaled = await gatewayFor(copies);
    try {
      await test(scaled);
    } finally {
      await scaled.stop();
      for (const copy of copies) if (typeof copy !== 'number') await copy.stop();
    }
  }

  it('spreads the requests over every copy and says which one answered in the access log', async () => {
    const copies = await Promise.all([1, 2, 3].map(() => new EchoUpstream().start()));
    await withCopies(copies, async (scaled) => {
      for (let i = 0; i < 30; i++) {
        expect((await fetch(scaled.url(`/api/requests?n=${i}`))).status).toBe(200);
      }
      for (const copy of copies) expect(copy.hits('/api/requests')).toBeGreaterThanOrEqual(5);
      const log = readFileSync(scaled.accessLog, 'utf8');
      for (const copy of copies) expect(log).toContain(`up=127.0.0.1:${copy.port}`);
    });
  });

  it('sends a POST to another copy when its connection is refused: no error for the client', async () => {
    const live = await new EchoUpstream().start();
    await withCopies([await freePort(), live, await freePort()], async (scaled) => {
      const statuses = [];
      for (let i = 0; i < 20; i++) {
        const response = await fetch(scaled.url(`/api/requests?n=${i}`), {
          method: 'POST',
          body: '{}',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array(20).fill(200));
      expect(live.hits('/api/requests')).toBe(20);
    });
  });

  it('tries the first copy again at once when every copy was failing a moment ago', async () => {
    const ports = [await freePort(), await freePort()];
    const first = new EchoUpstream();
    await withCopies(ports, async (scaled) => {
      // Both copies refuse: both are left out for 5 s.
      expect((await fetch(scaled.url('/api/requests'))).status).toBe(503);
      await first.start(ports[0]);
      expect((await fetch(scaled.url('/api/requests?back=1'))).status).toBe(200);
    });
    await first.stop();
  });

  it('with DNS discovery (compose), spreads over every address of the name and follows copies that come and go, without a reload', async () => {
    const port = await freePort();
    const [a, b, c] = await Promise.all(
      ['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((host) => new EchoUpstream().start(port, host)),
    );
    const dns = await new FakeDns('requests.test').start();
    dns.addresses = ['127.0.0.2', '127.0.0.3'];
    const echo = address(api);
    const scaled = await new Gateway({
      GATEWAY_UPSTREAM_DISCOVERY: 'dns',
      GATEWAY_RESOLVER: `127.0.0.1:${dns.port}`,
      GATEWAY_AUTH_UPSTREAM: echo,
      GATEWAY_REQUESTS_UPSTREAM: `http://requests.test:${port}`,
      GATEWAY_PLAYLIST_UPSTREAM: echo,
      GATEWAY_UPLOADS_UPSTREAM: echo,
      GATEWAY_STREAM_UPSTREAM: echo,
    }).start();
    try {
      const statuses: number[] = [];
      const burst = async (count: number) => {
        for (let i = 0; i < count; i++) {
          statuses.push((await fetch(scaled.url('/api/requests'))).status);
        }
      };
      await burst(20);
      expect(a!.hits('/api/requests')).toBeGreaterThan(0);
      expect(b!.hits('/api/requests')).toBeGreaterThan(0);
      expect(c!.hits('/api/requests')).toBe(0);

      // `--scale`: a third copy comes, the first goes (gone from the DNS, its port closed).
      dns.addresses = ['127.0.0.3', '127.0.0.4'];
      await a!.stop();
      const changedAt = Date.now();
      while (c!.hits('/api/requests') === 0 && Date.now() - changedAt < 15_000) {
        await burst(2);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const followedMs = Date.now() - changedAt;
      const before = { b: b!.hits('/api/requests'), c: c!.hits('/api/requests') };
      await burst(20);
      expect(b!.hits('/api/requests')).toBeGreaterThan(before.b);
      expect(c!.hits('/api/requests')).toBeGreaterThan(before.c);
      // The new copy once the gateway's answer (kept 5 s) is old, and no error on the way.
      expect(followedMs).toBeLessThan(10_000);
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await scaled.stop();
      dns.stop();
      await Promise.all([b!.stop(), c!.stop()]);
    }
  }, 30_000);

  it('never sends a POST that reached a copy to another one; a GET is sent again', async () => {
    const dying = await new EchoUpstream(true).start();
    const live = await new EchoUpstream().start();
    await withCopies([dying, live], async (scaled) => {
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          await raw(
            scaled.port,
            `POST /api/requests?post=${i} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
          ),
        );
      }
      const lost = dying.received.map((r) => r.url);
      expect(lost.length).toBeGreaterThanOrEqual(1);
      for (const [i, answer] of answers.entries()) {
        const url = `/api/requests?post=${i}`;
        if (lost.includes(url)) {
          // Made at most once: the client is told the service failed, nobody made it again.
          expect(answer.status).toBe(503);
          expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
          expect(live.received.some((r) => r.url === url)).toBe(false);
        } else {
          expect(answer.status).toBe(200);
        }
      }
    });
    const dyingAgain = await new EchoUpstream(true).start();
    const liveAgain = await new EchoUpstream().start();
    await withCopies([dyingAgain, liveAgain], async (scaled) => {
      for (let i = 0; i < 6; i++) {
        expect((await fetch(scaled.url(`/api/requests?get=${i}`))).status).toBe(200);
      }
      expect(dyingAgain.received.length).toBeGreaterThanOrEqual(1);
      expect(liveAgain.hits('/api/requests?get=')).toBe(6);
    });
  });
});

describe('the metrics port', () => {
  it('is reached by no path through the gateway', async () => {
    const registry = createMetricsRegistry('auth');
    let scrapes = 0;
    const collect = registry.metrics.bind(registry);
    registry.metrics = () => {
      scrapes += 1;
      return collect();
    };
    const quiet = (): void => {};
    const metrics = await startMetricsServer(registry, {
      host: '127.0.0.1',
      port: 0,
      log: { info: quiet, warn: quiet, error: quiet },
    });
    try {
      expect((await fetch(`http://127.0.0.1:${metrics!.port}/metrics`)).ok).toBe(true);
      expect(scrapes).toBe(1);
      // The template names no metrics port: the gateway only knows the services' API ports.
      expect(readFileSync(template, 'utf8')).not.toMatch(/metrics/i);
      for (const target of [
        '/metrics',
        '/api/metrics',
        '/api/auth/metrics',
        '/_health/auth/metrics',
        '/_health/metrics',
        '/api/auth/../../metrics',
        '/internal/metrics',
      ]) {
        const answer = await send('GET', target);
        expect(answer.body, target).not.toContain('# HELP');
      }
      expect(scrapes).toBe(1);
    } finally {
      await metrics?.close();
    }
  });
});
