import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import {
  FAKE_INVALID_ARL,
  FAKE_VALID_ARL,
  freePort,
  startFakeDeezerGateway,
  stopProcess,
  waitFor,
  type FakeDeezerGateway,
} from '@radio/testing';
import { buildRequestsApp } from '../build.ts';

const ROUTE = '/api/admin/update-deezer-arl';

let gateway: FakeDeezerGateway;
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  gateway = await startFakeDeezerGateway();
  t = await createTestApp(buildRequestsApp, {
    DEEZER_GATEWAY_URL: gateway.url,
    DEEZER_GATEWAY_TIMEOUT_SECONDS: '1',
  });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});
afterEach(() => gateway.reset());

const storedArl = async (): Promise<string | null> =>
  (await t.app.db.selectFrom('djSettings').select('deezerArl').executeTakeFirstOrThrow()).deezerArl;

const setStoredArl = (arl: string | null) =>
  t.app.db.updateTable('djSettings').set({ deezerArl: arl }).execute();

describe('POST /api/admin/update-deezer-arl', () => {
  it('tests a valid ARL with the user-data call, stores it and shows the account', async () => {
    await setStoredArl(null);
    const response = await admin.post(ROUTE, { arl: `  ${FAKE_VALID_ARL}\n` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tested: true,
      valid: true,
      message: 'ARL opgeslagen: ingelogd als Studio Radio Noord (Deezer Premium).',
      error: null,
      details: {
        name: 'Studio Radio Noord',
        offer: 'Deezer Premium',
        country: 'NL',
        canStreamHq: true,
        canStreamLossless: true,
      },
    });
    expect(await storedArl()).toBe(FAKE_VALID_ARL);
    expect(response.body).not.toContain(FAKE_VALID_ARL);
    expect(gateway.requests).toEqual([
      {
        method: 'POST',
        path: '/ajax/gw-light.php',
        query: { api_version: '1.0', api_token: 'null', input: '3', method: 'deezer.getUserData' },
        arl: FAKE_VALID_ARL,
      },
    ]);
  });

  it('reports an ARL Deezer does not know as invalid and keeps the stored one', async () => {
    await setStoredArl(FAKE_VALID_ARL);
    const response = await admin.post(ROUTE, { arl: FAKE_INVALID_ARL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tested: true,
      valid: false,
      message: 'Deezer kent deze ARL niet of hij is verlopen. De opgeslagen ARL is niet gewijzigd.',
      error: 'ARL_INVALID',
      details: null,
    });
    expect(await storedArl()).toBe(FAKE_VALID_ARL);
  });

  it.each([
    ['an HTTP error', { status: 502, text: 'Bad Gateway' }],
    ['an answer that is not JSON', { text: '<html>onderhoud</html>' }],
    ['a gateway error', { json: { error: { GATEWAY_ERROR: 'invalid api token' }, results: {} } }],
    ['no answer in time', { delayMs: 3_000 }],
  ])('answers tested: false, fast and without a 5xx, on %s', async (_what, fake) => {
    await setStoredArl(FAKE_VALID_ARL);
    gateway.respond(fake);
    const started = Date.now();
    const response = await admin.post(ROUTE, { arl: FAKE_INVALID_ARL });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tested: false,
      valid: false,
      error: 'DEEZER_UNREACHABLE',
      details: null,
    });
    expect(response.json().message).toContain('Deezer is nu niet bereikbaar');
    expect(await storedArl()).toBe(FAKE_VALID_ARL);
  });

  it('answers tested: false when nothing listens at the gateway address', async () => {
    const offline = await createTestApp(buildRequestsApp, {
      DEEZER_GATEWAY_URL: `http://127.0.0.1:${await freePort()}/ajax/gw-light.php`,
    });
    try {
      const response = await (await offline.as('admin')).post(ROUTE, { arl: FAKE_VALID_ARL });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ tested: false, error: 'DEEZER_UNREACHABLE' });
    } finally {
      await offline.close();
    }
  });

  it.each([
    ['empty', '   ', 'Voer een ARL token in'],
    ['too short', 'abc123', 'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)'],
    [
      'not hex',
      `${'g'.repeat(192)}`,
      'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)',
    ],
    [
      'a cookie line',
      `arl=${FAKE_VALID_ARL}`,
      'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)',
    ],
  ])('refuses an ARL that is %s without asking Deezer', async (_what, arl, message) => {
    const response = await admin.post(ROUTE, { arl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(gateway.requests).toEqual([]);
  });

  it('never shows the stored ARL in the settings answers', async () => {
    await admin.post(ROUTE, { arl: FAKE_VALID_ARL });
    expect(await storedArl()).toBe(FAKE_VALID_ARL);
    const answers = [
      await t.client().get('/api/dj-settings'),
      await admin.get('/api/dj-settings'),
      await admin.post('/api/dj-settings/registration', { enabled: true }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(FAKE_VALID_ARL);
      expect(answer.body.toLowerCase()).not.toContain('arl');
    }
  });
});

describe('the requests service log', () => {
  it('never holds an ARL that was sent, valid, invalid, malformed or untested', async () => {
    const port = await freePort();
    const serverFile = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
    const server = spawn(process.execPath, [serverFile], {
      env: {
        PATH: process.env.PATH ?? '',
        ...t.env,
        PORT: String(port),
        LOG_LEVEL: 'trace',
        LOG_FORMAT: 'json',
        DEEZER_GATEWAY_URL: gateway.url,
        DEEZER_GATEWAY_TIMEOUT_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/readyz`)).ok, 'requests service');
      const cookie = [...admin.cookies]
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
      const post = (body: string) =>
        fetch(`${base}${ROUTE}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body,
        });
      const malformed = `${FAKE_VALID_ARL.slice(0, 100)}zz${FAKE_VALID_ARL.slice(100)}`;
      const statuses = [
        (await post(JSON.stringify({ arl: FAKE_VALID_ARL }))).status,
        (await post(JSON.stringify({ arl: FAKE_INVALID_ARL }))).status,
        (await post(JSON.stringify({ arl: malformed }))).status,
        (await post(`{"arl": "${FAKE_VALID_ARL}"`)).status,
      ];
      gateway.respond({ status: 500, text: 'kapot' });
      statuses.push((await post(JSON.stringify({ arl: FAKE_INVALID_ARL }))).status);
      expect(statuses).toEqual([200, 200, 400, 400, 200]);
      await waitFor(
        async () => output.split(ROUTE).length - 1 >= 5,
        'five request lines in the log',
        5_000,
      );
    } finally {
      await stopProcess(server);
    }
    expect(output).toContain('Deezer user-data call failed');
    for (const secret of [FAKE_VALID_ARL, FAKE_INVALID_ARL, FAKE_VALID_ARL.slice(0, 40)]) {
      expect(output).not.toContain(secret);
    }
  });
});
