import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtInNowPlayingUrl } from '@radio/station';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { azuraCastFixture, startFakeStationServer, type FakeStationServer } from '@radio/testing';
import { buildRequestsApp } from '../build.ts';
import { updateSettings } from '../requests/seed.ts';

// The admin's source test and the saving of a source reach only what they should: a stored key
// goes only to the address it was stored for, and internal addresses (this machine's metrics
// ports, the private network) only when they are the built-in station, the source's stored
// address or listed in PRIVATE_SOURCE_ORIGINS. Every fake here listens on loopback and records
// what reaches it.

let t: TestApp;
let admin: TestClient;
/** The nonstop source an admin configured, on the LAN (its stored address). */
let stored: FakeStationServer;
/** Anything else on this machine: a metrics port, another service. */
let other: FakeStationServer;
/** An internal origin the operator allowed in PRIVATE_SOURCE_ORIGINS. */
let listed: FakeStationServer;
const BUILT_IN = 'http://127.0.0.1:9/';
const STORED_KEY = 'lan-azuracast-sleutel';

beforeAll(async () => {
  [stored, other, listed] = await Promise.all([
    startFakeStationServer(),
    startFakeStationServer(),
    startFakeStationServer(),
  ]);
  t = await createTestApp(buildRequestsApp, {
    BUILT_IN_STATION_URL: BUILT_IN,
    PRIVATE_SOURCE_ORIGINS: listed.url,
  });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await Promise.all([stored.close(), other.close(), listed.close()]);
});
beforeEach(async () => {
  for (const station of [stored, other, listed]) station.reset();
  await updateSettings(t.app.db, {
    nonstopUrl: stored.nowPlayingUrl,
    nonstopApiKey: STORED_KEY,
    liveUrl: null,
    liveApiKey: null,
  });
});

const testSource = (body: Record<string, unknown>) =>
  admin.post('/api/admin/settings/test-source', body);
const settingsRow = () => t.app.db.selectFrom('djSettings').selectAll().executeTakeFirstOrThrow();
const otherPort = () => new URL(other.url).port;

const keyElsewhere = {
  message:
    'De opgeslagen API-sleutel hoort bij een ander adres: vul de sleutel opnieuw in, of kies Sleutel wissen.',
  code: 'API_KEY_OTHER_ADDRESS',
};

describe('a stored key', () => {
  it('goes to the address it was stored for (another path there too)', async () => {
    stored.respond('/api/station/1/nowplaying', {
      status: 200,
      json: azuraCastFixture('nowplaying'),
    });
    const response = await testSource({
      url: `${stored.url}/api/station/1/nowplaying`,
      which: 'nonstop',
    });
    expect(response.json()).toMatchObject({ ok: true });
    expect(stored.requests.map((r) => r.headers['x-api-key'])).toEqual([STORED_KEY]);
  });

  it('is never sent to another address: the issue’s request is refused, nothing arrives', async () => {
    const response = await testSource({ url: other.nowPlayingUrl, which: 'nonstop' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(keyElsewhere);
    expect(other.requests).toEqual([]);
  });

  it('of the built-in station (its own key, not the INTERNAL_TOKEN) stays with it', async () => {
    expect((await admin.patch('/api/admin/settings', { nonstopUrl: '' })).statusCode).toBe(200);
    const row = await settingsRow();
    expect(row.nonstopUrl).toBe(builtInNowPlayingUrl(BUILT_IN));
    expect(row.nonstopApiKey).toBe(t.env.STATION_API_KEY);
    expect(row.nonstopApiKey).not.toBe(t.env.INTERNAL_TOKEN);

    const response = await testSource({ url: other.nowPlayingUrl, which: 'nonstop' });
    expect(response.json()).toEqual(keyElsewhere);
    expect(other.requests).toEqual([]);
  });

  it('is not saved with a changed URL on another address, and not sent there', async () => {
    const before = await settingsRow();
    const response = await admin.patch('/api/admin/settings', {
      nonstopUrl: listed.nowPlayingUrl,
      libraryName: 'Mag niet opgeslagen worden',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(keyElsewhere);
    expect(listed.requests).toEqual([]);
    expect(await settingsRow()).toEqual(before);
  });

  it('is kept with a changed URL on the same address', async () => {
    const url = `${stored.url}/api/nowplaying_static/1.json`;
    stored.respond('/api/nowplaying_static/1.json', {
      status: 200,
      json: azuraCastFixture('nowplaying'),
    });
    const response = await admin.patch('/api/admin/settings', { nonstopUrl: url });
    expect(response.statusCode).toBe(200);
    expect(stored.requests.map((r) => r.headers['x-api-key'])).toEqual([STORED_KEY]);
    expect(await settingsRow()).toMatchObject({ nonstopUrl: url, nonstopApiKey: STORED_KEY });
  });

  it('does not follow a redirect to another address', async () => {
    stored.respond('/api/nowplaying/1', { status: 302, location: listed.nowPlayingUrl });
    const response = await testSource({ url: stored.nowPlayingUrl, which: 'nonstop' });
    expect(response.json()).toMatchObject({
      ok: false,
      code: 'REDIRECT',
      message: `Nonstop-bron getest: ${new URL(stored.url).host} stuurt door naar een ander adres; vul het adres in waar het naartoe stuurt`,
    });
    expect(listed.requests).toEqual([]);
  });
});

describe('an internal address', () => {
  const internal = (): [string, string][] => [
    ['loopback (a metrics port)', `http://127.0.0.1:${otherPort()}/api/nowplaying/1`],
    ['a host name that resolves to loopback', `http://localhost:${otherPort()}/api/nowplaying/1`],
    ['IPv6 loopback', `http://[::1]:${otherPort()}/api/nowplaying/1`],
    ['IPv4 mapped in IPv6', `http://[::ffff:127.0.0.1]:${otherPort()}/api/nowplaying/1`],
    ['0.0.0.0', `http://0.0.0.0:${otherPort()}/api/nowplaying/1`],
    ['loopback written as a number', `http://2130706433:${otherPort()}/api/nowplaying/1`],
    ['the private network', 'http://10.0.0.1/api/nowplaying/1'],
    ['192.168.x', 'http://192.168.1.20/api/nowplaying/1'],
    ['CGNAT', 'http://100.64.0.1/api/nowplaying/1'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 unique-local', 'http://[fd00::1]/api/nowplaying/1'],
  ];

  it('is refused in Dutch, without a connection, unless it is allowed', async () => {
    for (const [what, url] of internal()) {
      const response = await testSource({ url, apiKey: null, which: 'live' });
      expect(response.statusCode, what).toBe(200);
      expect(response.json(), what).toMatchObject({
        ok: false,
        code: 'PRIVATE_ADDRESS',
        message: `Live-bron getest: ${new URL(url).host} is of wijst naar een intern adres (zoals 127.0.0.1, 10.x of 192.168.x); intern mogen alleen de ingebouwde zender, het opgeslagen adres van deze bron en de adressen in PRIVATE_SOURCE_ORIGINS zijn`,
      });
    }
    expect(other.requests).toEqual([]);
  });

  it('is refused when saving, and nothing is saved', async () => {
    const before = await settingsRow();
    const response = await admin.patch('/api/admin/settings', {
      liveUrl: `http://localhost:${otherPort()}/api/nowplaying/1`,
      liveApiKey: 'getypte-sleutel',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(
      /is of wijst naar een intern adres.*Niets opgeslagen\.$/,
    );
    expect(other.requests).toEqual([]);
    expect(await settingsRow()).toEqual(before);
  });

  it('is not reached through a redirect from an allowed one', async () => {
    listed.respond('/api/nowplaying/1', {
      status: 307,
      location: `http://localhost:${otherPort()}/api/nowplaying/1`,
    });
    const response = await testSource({ url: listed.nowPlayingUrl, apiKey: null, which: 'live' });
    expect(response.json()).toMatchObject({ ok: false, code: 'PRIVATE_ADDRESS' });
    expect(listed.requests).toHaveLength(1);
    expect(other.requests).toEqual([]);
  });

  it('is tested when it is the stored address of that source, or listed by the operator', async () => {
    expect(
      (await testSource({ url: stored.nowPlayingUrl, which: 'nonstop' })).json(),
    ).toMatchObject({ ok: true });
    const typed = await testSource({ url: listed.nowPlayingUrl, apiKey: 'getypt', which: 'live' });
    expect(typed.json()).toMatchObject({ ok: true });
    expect(listed.requests.map((r) => r.headers['x-api-key'])).toEqual(['getypt']);
    // The nonstop source's stored address is not the live source's.
    const live = await testSource({ url: stored.nowPlayingUrl, apiKey: null, which: 'live' });
    expect(live.json()).toMatchObject({ ok: false, code: 'PRIVATE_ADDRESS' });
  });
});
