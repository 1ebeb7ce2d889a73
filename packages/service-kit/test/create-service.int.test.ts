import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DJ_SETTINGS_ID } from '@radio/db';
import { serviceEnv, parseConfig } from '../src/config.ts';
import { createService, type ServiceApp } from '../src/create-service.ts';
import { currentUser } from '../src/access/guards.ts';
import { SESSION_COOKIE_NAME } from '../src/sessions/session-options.ts';
import { createTestApp, type Env, type TestApp } from '../src/testing/index.ts';

/** A service with one route of each kind, built the way every service is built. */
function buildDemoApp(env: Env): Promise<ServiceApp> {
  return createService({
    name: 'demo',
    writesSessions: true,
    config: parseConfig(serviceEnv, env),
    routes: async (app) => {
      app.get(
        '/api/demo/boom',
        { config: { access: 'public' }, schema: { response: { 200: z.object({}) } } },
        async () => {
          throw new Error('connection to postgres://geheim@db failed');
        },
      );
      app.post(
        '/api/demo/echo',
        {
          config: { access: 'public' },
          schema: {
            body: z.object({ naam: z.string().min(2, 'Naam te kort'), leeftijd: z.number() }),
            response: { 200: z.object({ naam: z.string() }) },
          },
        },
        async (request) => ({ naam: request.body.naam }),
      );
      app.get(
        '/api/demo/ip',
        {
          config: { access: 'public' },
          schema: { response: { 200: z.object({ ip: z.string() }) } },
        },
        async (request) => ({ ip: request.ip }),
      );
      app.get(
        '/api/demo/me',
        { config: { access: 'user' }, schema: { response: { 200: z.object({ id: z.number() }) } } },
        async (request) => ({ id: currentUser(request).id }),
      );
      app.post(
        '/internal/demo',
        { config: { access: 'internal' }, schema: { response: { 200: z.object({}) } } },
        async () => ({}),
      );
      app.get(
        '/internal/demo/station',
        { config: { access: 'station' }, schema: { response: { 200: z.object({}) } } },
        async () => ({}),
      );
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildDemoApp);
});
afterAll(() => t.close());

const echo = { naam: 'Kees', leeftijd: 40 };

describe('errors', () => {
  it('hides the details of a 5xx behind one Dutch message', async () => {
    const response = await t.client().get('/api/demo/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Er is een interne fout opgetreden',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('geheim');
  });

  it('answers a validation error with the message of the first failing field', async () => {
    const response = await t.client().post('/api/demo/echo', { naam: 'K', leeftijd: 'oud' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Naam te kort', code: 'VALIDATION_ERROR' });
  });

  it('answers in Dutch where the schema has no text of its own', async () => {
    const response = await t.client().post('/api/demo/echo', { naam: 'Kees' });
    expect(response.json().message).toBe('Ongeldige invoer: verwacht getal, ontving undefined');
  });

  it('answers malformed JSON and unknown routes in Dutch', async () => {
    const malformed = await t.client().request({
      method: 'POST',
      url: '/api/demo/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"naam":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Ongeldig verzoek');

    const unknown = await t.client().get('/api/bestaat-niet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Deze pagina bestaat niet', code: 'NOT_FOUND' });
  });
});

describe('route policy', () => {
  const withRoute = (route: (app: ServiceApp) => void) => (env: Env) =>
    createService({
      name: 'bad',
      config: parseConfig(serviceEnv, env),
      routes: async (app) => route(app),
    });

  it('refuses to start with a route that does not declare its access', async () => {
    await expect(
      createTestApp(
        withRoute((app) =>
          app.get('/x', { schema: { response: { 200: z.object({}) } } }, async () => ({})),
        ),
      ),
    ).rejects.toThrow('route GET /x must declare config.access');
  });

  it('refuses to start with a route without a response schema', async () => {
    await expect(
      createTestApp(
        withRoute((app) => app.get('/x', { config: { access: 'public' } }, async () => ({}))),
      ),
    ).rejects.toThrow('route GET /x must declare a response schema');
  });
});

describe('same-origin check on state-changing calls', () => {
  const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t
      .client()
      .request({ method: 'POST', url: '/api/demo/echo', payload: echo, headers, remoteAddress });

  it('refuses another site', async () => {
    const response = await post({ origin: 'https://kwaadaardig.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_SITE_REQUEST');
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('allows the configured origins and clients without Origin', async () => {
    expect((await post({ origin: 'http://radio.test' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });

  it('never takes an origin from Host or X-Forwarded-Host', async () => {
    // Before: a forged Host matching the forged Origin was accepted (200).
    expect((await post({ origin: 'http://evil.example', host: 'evil.example' })).statusCode).toBe(
      403,
    );
    const viaGateway = {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    expect((await post(viaGateway)).statusCode).toBe(403);
  });

  it('leaves reads alone', async () => {
    const response = await t.client().get('/api/demo/ip', {
      headers: { origin: 'https://kwaadaardig.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('client address', () => {
  it('comes from X-Forwarded-For only when the gateway sent it', async () => {
    const ip = async (remoteAddress: string) =>
      (
        await t.client().request({
          method: 'GET',
          url: '/api/demo/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
      ).json().ip;
    expect(await ip('127.0.0.1')).toBe('203.0.113.9');
    expect(await ip('192.0.2.10')).toBe('192.0.2.10');
  });
});

describe('sessions and guards', () => {
  it('stores no session for anonymous visitors', async () => {
    const response = await t.client().get('/api/demo/ip');
    expect(response.cookies).toEqual([]);
    const before = await t.app.db.selectFrom('sessions').select('sid').execute();
    await t.client().post('/api/demo/echo', echo);
    expect(await t.app.db.selectFrom('sessions').select('sid').execute()).toEqual(before);
  });

  it('lets a logged-in user in and keeps the session rolling', async () => {
    const user = await t.createUser();
    const response = await (await t.clientFor(user)).get('/api/demo/me');
    expect(response.json()).toEqual({ id: user.id });
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([SESSION_COOKIE_NAME]);
  });

  it('refuses a deactivated user and ends that session', async () => {
    const user = await t.createUser({ isActive: false });
    const client = await t.clientFor(user);
    const response = await client.get('/api/demo/me');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_DEACTIVATED');
    const rows = await t.app.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await client.get('/api/demo/me')).statusCode).toBe(401);
  });

  it('refuses a session whose user no longer exists', async () => {
    const client = await t.clientFor({ id: 999_999 });
    expect((await client.get('/api/demo/me')).json()).toEqual({
      message: 'Niet ingelogd',
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('internal endpoints', () => {
  it('need the internal token', async () => {
    const call = (token?: string) =>
      t.client().request({
        method: 'POST',
        url: '/internal/demo',
        headers: token ? { 'x-internal-token': token } : {},
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call('verkeerd-token')).statusCode).toBe(401);
    expect((await call(t.env.INTERNAL_TOKEN)).statusCode).toBe(200);
  });

  it('for the station need the station key stored in dj_settings, never the internal token', async () => {
    const setStationKey = (key: string | null) =>
      t.app.db
        .insertInto('djSettings')
        .values({ id: DJ_SETTINGS_ID, stationApiKey: key })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ stationApiKey: key }))
        .execute();
    const call = (headers: Record<string, string>) =>
      t.client().request({ method: 'GET', url: '/internal/demo/station', headers });
    await setStationKey(null);
    expect((await call({ 'x-api-key': '' })).statusCode).toBe(401);
    await setStationKey('stationsleutel-een');
    const refused = await call({});
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      message: 'Ongeldige of ontbrekende API-sleutel',
      code: 'INVALID_API_KEY',
    });
    expect((await call({ 'x-api-key': 'verkeerde-sleutel' })).statusCode).toBe(401);
    expect((await call({ 'x-internal-token': t.env.INTERNAL_TOKEN ?? '' })).statusCode).toBe(401);
    expect((await call({ 'x-api-key': t.env.INTERNAL_TOKEN ?? '' })).statusCode).toBe(401);
    expect((await call({ 'x-api-key': 'stationsleutel-een' })).statusCode).toBe(200);

    // Rotated in the database: the running service takes the new key and refuses the old one.
    await setStationKey('stationsleutel-twee');
    expect((await call({ 'x-api-key': 'stationsleutel-een' })).statusCode).toBe(401);
    expect((await call({ 'x-api-key': 'stationsleutel-twee' })).statusCode).toBe(200);
  });
});

describe('health and documentation', () => {
  it('reports live and ready', async () => {
    expect((await t.client().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.client().get('/readyz')).json()).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', redis: 'ok' },
    });
  });

  it('is not ready without Redis', async () => {
    const broken = await createTestApp(buildDemoApp, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await broken.client().get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'failing',
        checks: { postgres: 'ok', redis: 'failing' },
      });
    } finally {
      await broken.close();
    }
  });

  it('serves an OpenAPI document of the service routes', async () => {
    const document = (await t.client().get('/openapi.json')).json();
    expect(document.info.title).toBe('Radio demo service');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/demo/echo', '/api/demo/me', '/healthz', '/readyz']),
    );
    expect(document.paths['/api/demo/echo'].post.requestBody).toBeDefined();
    expect(document.paths).not.toHaveProperty('/openapi.json');
  });
});
