import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtInNowPlayingUrl } from '@radio/station';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import {
  freePort,
  startFakeStationServer,
  stopProcess,
  waitFor,
  type FakeStationServer,
} from '@radio/testing';
import { buildRequestsApp } from '../build.ts';
import { seedPlay, seedTrack, updateSettings } from '../requests/seed.ts';

const BUILT_IN = 'http://127.0.0.1:9/';
const builtInUrl = builtInNowPlayingUrl(BUILT_IN);

let t: TestApp;
let station: FakeStationServer;
let admin: TestClient;

beforeAll(async () => {
  station = await startFakeStationServer();
  // The fake station is on loopback: allowed like an operator's AzuraCast on the LAN.
  t = await createTestApp(buildRequestsApp, {
    BUILT_IN_STATION_URL: BUILT_IN,
    PRIVATE_SOURCE_ORIGINS: station.url,
  });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await station.close();
});
beforeEach(async () => {
  station.reset();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('playHistory').execute();
  await updateSettings(t.app.db, {
    nonstopUrl: builtInUrl,
    nonstopApiKey: 'test-station-api-key',
    liveUrl: null,
    liveApiKey: null,
    libraryName: 'Nonstop Mix',
    localStreamUrl: '/stream/radio.m3u8',
    maxRequestsPerIp: 10,
    maxRequestsPerBrowser: 3,
    trackCooldownHours: 3,
    artistCooldownHours: 1,
    deezerArl: null,
  });
});

const settingsRow = () => t.app.db.selectFrom('djSettings').selectAll().executeTakeFirstOrThrow();

describe('GET /api/admin/settings', () => {
  it('shows the settings with the spec defaults; keys and the ARL only as set or not', async () => {
    await updateSettings(t.app.db, {
      liveUrl: 'https://live.example/api/nowplaying/2',
      liveApiKey: 'live-sleutel-123',
      deezerArl: 'geheime-arl',
    });
    const response = await admin.get('/api/admin/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      nonstopUrl: builtInUrl,
      nonstopApiKeySet: true,
      nonstopIsBuiltIn: true,
      liveUrl: 'https://live.example/api/nowplaying/2',
      liveApiKeySet: true,
      localStreamUrl: '/stream/radio.m3u8',
      libraryName: 'Nonstop Mix',
      maxRequestsPerIp: 10,
      maxRequestsPerBrowser: 3,
      trackCooldownHours: 3,
      artistCooldownHours: 1,
      deezerArlSet: true,
      updatedAt: expect.any(String),
    });
    for (const secret of ['live-sleutel-123', 'test-station-api-key', 'geheime-arl']) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('PATCH /api/admin/settings', () => {
  it('saves the library name, stream URL and limits, trimmed, and answers the new settings', async () => {
    const response = await admin.patch('/api/admin/settings', {
      libraryName: '  Polderklanken  ',
      localStreamUrl: 'https://stream.example/radio.m3u8',
      maxRequestsPerIp: 100,
      maxRequestsPerBrowser: 1,
      trackCooldownHours: 0,
      artistCooldownHours: 168,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      settings: {
        libraryName: 'Polderklanken',
        localStreamUrl: 'https://stream.example/radio.m3u8',
        maxRequestsPerIp: 100,
        maxRequestsPerBrowser: 1,
        trackCooldownHours: 0,
        artistCooldownHours: 168,
      },
      sourceTests: {},
    });
    // Anyone reading the public settings sees the change at once.
    expect((await t.client().get('/api/dj-settings')).json()).toMatchObject({
      libraryName: 'Polderklanken',
      maxRequestsPerBrowser: 1,
    });
    // An unchanged source is not asked again.
    expect(station.requests).toEqual([]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    [
      'a per-IP limit of 0',
      { maxRequestsPerIp: 0 },
      'Max. verzoekjes per IP-adres moet een heel getal van 1 tot en met 100 zijn',
    ],
    [
      'a per-IP limit of 101',
      { maxRequestsPerIp: 101 },
      'Max. verzoekjes per IP-adres moet een heel getal van 1 tot en met 100 zijn',
    ],
    [
      'a per-browser limit of 51',
      { maxRequestsPerBrowser: 51 },
      'Max. verzoekjes per browser moet een heel getal van 1 tot en met 50 zijn',
    ],
    [
      'a per-browser limit as text',
      { maxRequestsPerBrowser: '2' },
      'Max. verzoekjes per browser moet een heel getal van 1 tot en met 50 zijn',
    ],
    [
      'a track cooldown of 1.5 hours',
      { trackCooldownHours: 1.5 },
      'Wachttijd per nummer (uren) moet een heel getal van 0 tot en met 168 zijn',
    ],
    [
      'an artist cooldown of -1 hours',
      { artistCooldownHours: -1 },
      'Wachttijd per artiest (uren) moet een heel getal van 0 tot en met 168 zijn',
    ],
    [
      'an empty library name',
      { libraryName: '   ' },
      'Naam van de bibliotheek moet 1 tot en met 100 tekens hebben',
    ],
    [
      'a library name of 101 characters',
      { libraryName: 'a'.repeat(101) },
      'Naam van de bibliotheek moet 1 tot en met 100 tekens hebben',
    ],
    [
      'a file: URL as nonstop source',
      { nonstopUrl: 'file:///etc/passwd' },
      'Nonstop-URL moet een http(s)-adres zijn van hoogstens 2000 tekens, bijvoorbeeld https://radio.example/api/nowplaying/1',
    ],
    [
      'a live URL that is not a URL',
      { liveUrl: 'radio punt nl' },
      'Live-URL moet een http(s)-adres zijn van hoogstens 2000 tekens, bijvoorbeeld https://radio.example/api/nowplaying/1',
    ],
    [
      'a stream URL that is neither a URL nor a path',
      { localStreamUrl: 'javascript:alert(1)' },
      'Lokale stream-URL moet een http(s)-adres of een pad dat met / begint zijn, van hoogstens 2000 tekens',
    ],
    [
      'an API key with spaces',
      { liveApiKey: 'twee woorden' },
      'API-sleutel live mag hoogstens 500 tekens hebben, zonder spaties of regeleinden',
    ],
    [
      'a field of another form',
      { deezerArl: 'x', libraryName: 'Nieuw' },
      'Onbekend veld: alleen de instellingen van dit formulier kunnen hier worden gewijzigd',
    ],
  ];
  it.each(invalid)('refuses %s in Dutch and changes nothing', async (_, body, message) => {
    const before = await settingsRow();
    const response = await admin.patch('/api/admin/settings', { libraryName: 'Nieuw', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await settingsRow()).toEqual(before);
  });

  it('tests a changed nonstop URL with its key before saving, and reports what it plays', async () => {
    const response = await admin.patch('/api/admin/settings', {
      nonstopUrl: station.nowPlayingUrl,
      nonstopApiKey: 'polder-sleutel',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().sourceTests).toEqual({
      nonstop: {
        ok: true,
        code: null,
        message: 'Nonstop-bron werkt: Radio Polderklank, nu speelt BLØF – Zoutelande',
        stationName: 'Radio Polderklank',
        isOnline: true,
        nowPlaying: { artist: 'BLØF', title: 'Zoutelande' },
      },
    });
    expect(response.json().settings).toMatchObject({
      nonstopUrl: station.nowPlayingUrl,
      nonstopApiKeySet: true,
      nonstopIsBuiltIn: false,
    });
    expect(response.body).not.toContain('polder-sleutel');
    expect(station.requests.map((r) => [r.path, r.headers['x-api-key']])).toEqual([
      ['/api/nowplaying/1', 'polder-sleutel'],
    ]);
    const row = await settingsRow();
    expect(row).toMatchObject({
      nonstopUrl: station.nowPlayingUrl,
      nonstopApiKey: 'polder-sleutel',
    });

    // Only the key changes: tested again, with the stored URL and the new key.
    station.reset();
    const keyOnly = await admin.patch('/api/admin/settings', { nonstopApiKey: 'nieuwe-sleutel' });
    expect(keyOnly.statusCode).toBe(200);
    expect(station.requests.map((r) => r.headers['x-api-key'])).toEqual(['nieuwe-sleutel']);

    // The same URL again is no change: not tested.
    station.reset();
    await admin.patch('/api/admin/settings', { nonstopUrl: ` ${station.nowPlayingUrl} ` });
    expect(station.requests).toEqual([]);

    // Cleared: the built-in station is the nonstop source again.
    const cleared = await admin.patch('/api/admin/settings', { nonstopUrl: '' });
    expect(cleared.json().settings).toMatchObject({
      nonstopUrl: builtInUrl,
      nonstopIsBuiltIn: true,
      nonstopApiKeySet: true,
    });
    expect((await settingsRow()).nonstopApiKey).toBe('test-station-api-key');
  });

  const failing: [string, () => string, RegExp][] = [
    [
      'a 500',
      () => {
        station.respond('/api/nowplaying/1', { status: 500, text: 'kapot' });
        return station.nowPlayingUrl;
      },
      /^Live-bron getest: 127\.0\.0\.1:\d+ antwoordde met HTTP 500\. Niets opgeslagen\.$/,
    ],
    [
      'a 403 (wrong key)',
      () => {
        station.respond('/api/nowplaying/1', { status: 403, json: { message: 'nee' } });
        return station.nowPlayingUrl;
      },
      /antwoordde met HTTP 403 \(klopt de API-sleutel\?\)\. Niets opgeslagen\.$/,
    ],
    [
      'an answer that is not JSON',
      () => {
        station.respond('/api/nowplaying/1', { text: '<html>Welkom</html>' });
        return station.nowPlayingUrl;
      },
      /gaf geen AzuraCast now-playing-antwoord/,
    ],
    [
      'JSON that is not now playing',
      () => {
        station.respond('/api/nowplaying/1', { json: { hallo: 'wereld' } });
        return station.nowPlayingUrl;
      },
      /gaf geen AzuraCast now-playing-antwoord/,
    ],
    [
      'an unreachable address',
      () => 'http://127.0.0.1:9/api/nowplaying/1',
      /^Live-bron getest: 127\.0\.0\.1:9 is niet bereikbaar \(geen verbinding\)\. Niets opgeslagen\.$/,
    ],
  ];
  it.each(failing)(
    'refuses a live URL that gives %s: 422, nothing saved',
    async (_, set, message) => {
      const before = await settingsRow();
      const response = await admin.patch('/api/admin/settings', {
        liveUrl: set(),
        liveApiKey: 'live-sleutel',
        libraryName: 'Mag niet opgeslagen worden',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('SOURCE_TEST_FAILED');
      expect(response.json().message).toMatch(message);
      expect(response.body).not.toContain('live-sleutel');
      expect(await settingsRow()).toEqual(before);
    },
  );

  it('applies a new browser limit to the next request at once', async () => {
    const patched = await admin.patch('/api/admin/settings', { maxRequestsPerBrowser: 1 });
    expect(patched.statusCode).toBe(200);
    const listener = await t.as('listener');
    const submit = async () =>
      listener.request({
        method: 'POST',
        url: '/api/requests',
        payload: { libraryTrackId: await seedTrack(t.app.db), browserFingerprint: 'één-browser' },
      });
    expect((await submit()).statusCode).toBe(201);
    const refused = await submit();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('BROWSER_LIMIT');

    await admin.patch('/api/admin/settings', { maxRequestsPerBrowser: 2 });
    expect((await submit()).statusCode).toBe(201);
  });

  it('applies a shorter track cooldown to the next request at once', async () => {
    const track = await seedTrack(t.app.db, { title: 'Radar Love', artist: 'Golden Earring' });
    await seedPlay(t.app.db, {
      title: 'Radar Love',
      artist: 'Golden Earring',
      playedAt: new Date(Date.now() - 90 * 60_000),
    });
    const listener = await t.as('listener');
    const submit = () =>
      listener.request({
        method: 'POST',
        url: '/api/requests',
        payload: { libraryTrackId: track, browserFingerprint: 'cooldown-browser' },
      });
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TRACK_COOLDOWN');

    await admin.patch('/api/admin/settings', { trackCooldownHours: 1 });
    expect((await submit()).statusCode).toBe(201);
  });
});

describe('POST /api/admin/settings/test-source', () => {
  it('tests a URL without saving it, with the stored key of the source on its address', async () => {
    await updateSettings(t.app.db, {
      liveUrl: `${station.url}/api/nowplaying/2`,
      liveApiKey: 'opgeslagen-sleutel',
    });
    const response = await admin.post('/api/admin/settings/test-source', {
      url: station.nowPlayingUrl,
      which: 'live',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      message: 'Live-bron werkt: Radio Polderklank, nu speelt BLØF – Zoutelande',
    });
    expect(response.body).not.toContain('opgeslagen-sleutel');
    expect(station.requests.at(-1)?.headers['x-api-key']).toBe('opgeslagen-sleutel');
    expect((await settingsRow()).liveUrl).toBe(`${station.url}/api/nowplaying/2`);
  });

  it('uses a given key, and answers what failed', async () => {
    station.respond('/api/nowplaying/1', { status: 404, json: { message: 'weg' } });
    const response = await admin.post('/api/admin/settings/test-source', {
      url: station.nowPlayingUrl,
      apiKey: 'getypte-sleutel',
      which: 'nonstop',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: false,
      code: 'HTTP_STATUS',
      message: expect.stringMatching(
        /^Nonstop-bron getest: .* HTTP 404 \(klopt het station in de URL\?\)$/,
      ),
    });
    expect(station.requests.at(-1)?.headers['x-api-key']).toBe('getypte-sleutel');
  });

  it('refuses what is not an http(s) URL', async () => {
    const response = await admin.post('/api/admin/settings/test-source', { url: 'ftp://x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Voer een http(s)-adres in om te testen',
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('the requests service log', () => {
  it('never holds an API key that was sent: saved, refused, malformed or only tested', async () => {
    const port = await freePort();
    const serverFile = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
    const server = spawn(process.execPath, [serverFile], {
      env: {
        PATH: process.env.PATH ?? '',
        ...t.env,
        PORT: String(port),
        LOG_LEVEL: 'trace',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const keys = [
      'sleutel-goed-1234',
      'sleutel-kapot-5678',
      'sleutel-los-9012',
      'sleutel-test-3456',
    ];
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/readyz`)).ok, 'requests service');
      const cookie = [...admin.cookies]
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
      const call = (method: string, path: string, body: string) =>
        fetch(`${base}${path}`, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body,
        });
      const statuses = [
        (
          await call(
            'PATCH',
            '/api/admin/settings',
            JSON.stringify({ liveUrl: station.nowPlayingUrl, liveApiKey: keys[0] }),
          )
        ).status,
      ];
      station.respond('/api/nowplaying/1', { status: 500, text: 'kapot' });
      statuses.push(
        (await call('PATCH', '/api/admin/settings', JSON.stringify({ liveApiKey: keys[1] })))
          .status,
        (await call('PATCH', '/api/admin/settings', `{"liveApiKey": "${keys[2]}"`)).status,
        (
          await call(
            'POST',
            '/api/admin/settings/test-source',
            JSON.stringify({ url: station.nowPlayingUrl, apiKey: keys[3] }),
          )
        ).status,
      );
      expect(statuses).toEqual([200, 422, 400, 200]);
      await waitFor(
        async () => output.split('/api/admin/settings').length - 1 >= 4,
        'four request lines in the log',
        5_000,
      );
    } finally {
      await stopProcess(server);
    }
    for (const key of keys) expect(output).not.toContain(key);
  });
});
