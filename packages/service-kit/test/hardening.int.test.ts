import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig, serviceEnv } from '../src/config.ts';
import { createService, type ServiceApp } from '../src/create-service.ts';
import { currentUser } from '../src/access/guards.ts';
import { cuttableLink, createTestApp, type Env, type TestApp } from '../src/testing/index.ts';

/** A service that reads sessions but does not own them, like requests, playlist and uploads. */
function buildReaderApp(env: Env): Promise<ServiceApp> {
  return createService({
    name: 'lezer',
    config: parseConfig(serviceEnv, env),
    routes: async (app) => {
      app.get(
        '/api/lezer/openbaar',
        {
          config: { access: 'public' },
          schema: { response: { 200: z.object({ ok: z.boolean() }) } },
        },
        async (_request, reply) => {
          void reply.header('cache-control', 'public, max-age=10');
          return { ok: true };
        },
      );
      app.get(
        '/api/lezer/ik',
        { config: { access: 'user' }, schema: { response: { 200: z.object({ id: z.number() }) } } },
        async (request) => ({ id: currentUser(request).id }),
      );
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildReaderApp);
});
afterAll(() => t.close());

const sessionRows = () => t.app.db.selectFrom('sessions').select(['sid', 'expire']).execute();

describe('a service that only reads sessions', () => {
  it('never sends the session cookie and never rewrites the sessions table', async () => {
    const browser = await t.clientFor(await t.createUser());
    const before = await sessionRows();
    const cached = await browser.get('/api/lezer/openbaar');
    expect(cached.headers['cache-control']).toBe('public, max-age=10');
    expect(cached.headers['set-cookie']).toBeUndefined();
    const own = await browser.get('/api/lezer/ik');
    expect(own.statusCode).toBe(200);
    expect(own.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toEqual(before);
  });

  it('marks per-user answers no-store', async () => {
    const browser = await t.clientFor(await t.createUser());
    expect((await browser.get('/api/lezer/ik')).headers['cache-control']).toBe('no-store');
    expect((await t.client().get('/api/lezer/ik')).headers['cache-control']).toBe('no-store');
  });

  it('refuses a deactivated user without deleting the session (auth does that)', async () => {
    const browser = await t.clientFor(await t.createUser({ isActive: false }));
    const before = await sessionRows();
    expect((await browser.get('/api/lezer/ik')).statusCode).toBe(403);
    expect(await sessionRows()).toEqual(before);
  });

  it('sends no cookie for a session that no longer exists on a public answer', async () => {
    const browser = await t.clientFor(await t.createUser());
    await t.app.db.deleteFrom('sessions').execute();
    const response = await browser.get('/api/lezer/openbaar');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('Fastify’s own errors', () => {
  it('answer a bad URL escape in Dutch JSON without echoing the path', async () => {
    const response = await t.client().get('/api/lezer/%zz<script>');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Ongeldig verzoek', code: 'BAD_REQUEST' });
  });

  it('answer an unknown route or method in Dutch JSON', async () => {
    for (const method of ['GET', 'DELETE', 'PROPFIND'] as const) {
      const response = await t.client().request({ method, url: '/api/lezer/openbaar/x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Deze pagina bestaat niet', code: 'NOT_FOUND' });
    }
  });

  it('answer a wrong content type in Dutch', async () => {
    const response = await t.client().request({
      method: 'POST',
      url: '/api/lezer/openbaar',
      headers: { 'content-type': 'text/x-onbekend' },
      payload: 'x',
    });
    expect(response.json().message).not.toMatch(/[A-Z][a-z]+ [a-z]+ (not|is)/);
    expect(response.json()).toHaveProperty('code');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('get a Dutch JSON answer too', async () => {
    const app = await buildReaderApp(t.env);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as net.AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost\r\n\r\n'),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1.1 400/);
      expect(answer).toContain('application/json');
      expect(answer).toContain('{"message":"Ongeldig verzoek","code":"BAD_REQUEST"}');
    } finally {
      await app.close();
    }
  });
});

describe('HEAD', () => {
  it('works wherever GET does, with the same status and no body', async () => {
    const head = await t.client().request({ method: 'HEAD', url: '/api/lezer/openbaar' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await t.client().request({ method: 'HEAD', url: '/api/lezer/ik' })).statusCode).toBe(
      401,
    );
    expect(t.app.routeTable.filter((route) => route.method === 'HEAD')).toEqual([]);
  });
});

describe('a dependency outage', () => {
  it('answers every route that needs Postgres with a fast Dutch 503 and Retry-After', async () => {
    let cut = async (): Promise<void> => {};
    const app = await createTestApp(async (env) => {
      const link = await cuttableLink(env.DATABASE_URL ?? '');
      cut = () => link.cut();
      const built = await buildReaderApp({ ...env, DATABASE_URL: link.url });
      built.addHook('onClose', () => link.close());
      return built;
    });
    try {
      const browser = await app.clientFor(await app.createUser());
      await cut();
      const start = performance.now();
      const response = await browser.get('/api/lezer/ik');
      expect(performance.now() - start).toBeLessThan(1_000);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({
        message: 'De dienst is tijdelijk niet beschikbaar. Probeer het over een minuut opnieuw.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await app.close();
    }
  });
});
