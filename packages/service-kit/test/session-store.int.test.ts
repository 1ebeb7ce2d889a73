import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceEnv, parseConfig } from '../src/config.ts';
import { createService, type ServiceApp } from '../src/create-service.ts';
import { currentUser } from '../src/access/guards.ts';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS } from '../src/sessions/session-options.ts';
import { endUserSession, startUserSession } from '../src/sessions/user-session.ts';
import { createTestApp, TestClient, type Env, type TestApp } from '../src/testing/index.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets a test hold a request in its handler: after the session was loaded, before it is saved. */
let arrived = deferred();
let release = deferred();

function buildSessionApp(env: Env): Promise<ServiceApp> {
  const empty = { response: { 200: z.object({}) } };
  return createService({
    name: 'demo',
    writesSessions: true,
    config: parseConfig(serviceEnv, env),
    routes: async (app) => {
      app.post(
        '/api/demo/login',
        {
          config: { access: 'public' },
          schema: { body: z.object({ userId: z.number() }), ...empty },
        },
        async (request) => {
          await startUserSession(request, request.body.userId);
          return {};
        },
      );
      app.post(
        '/api/demo/logout',
        { config: { access: 'public' }, schema: empty },
        async (request, reply) => {
          await endUserSession(request, reply);
          return {};
        },
      );
      app.get(
        '/api/demo/me',
        { config: { access: 'user' }, schema: { response: { 200: z.object({ id: z.number() }) } } },
        async (request) => ({ id: currentUser(request).id }),
      );
      app.get('/api/demo/slow', { config: { access: 'user' }, schema: empty }, async () => {
        arrived.resolve();
        await release.promise;
        return {};
      });
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildSessionApp);
});
afterAll(() => t.close());

const sessionsOf = (userId: number) =>
  t.app.db
    .selectFrom('sessions')
    .select(['sid', 'sess', 'expire'])
    .where('userId', '=', userId)
    .execute();

describe('session store', () => {
  it.each([
    [
      'the user logs out in another request',
      (client: TestClient) =>
        new TestClient(t.app, Object.fromEntries(client.cookies)).post('/api/demo/logout'),
    ],
    [
      'a password change deletes the sessions of the user',
      (_client: TestClient, userId: number) =>
        t.app.db.deleteFrom('sessions').where('userId', '=', userId).execute(),
    ],
  ])(
    'does not bring a session back when %s while a request with it is in flight',
    async (_case, endSession) => {
      const user = await t.createUser();
      const client = await t.clientFor(user);
      arrived = deferred();
      release = deferred();

      const inFlight = client.get('/api/demo/slow');
      await arrived.promise;
      await endSession(client, user.id);
      expect(await sessionsOf(user.id)).toEqual([]);
      release.resolve();

      expect((await inFlight).statusCode).toBe(200);
      expect(await sessionsOf(user.id)).toEqual([]);
      expect((await client.get('/api/demo/me')).statusCode).toBe(401);
    },
  );

  it('creates a session on login, under a new id when the browser already had one', async () => {
    const user = await t.createUser();
    const client = new TestClient(t.app);
    const login = await client.post('/api/demo/login', { userId: user.id });
    expect(login.statusCode).toBe(200);
    const [first] = await sessionsOf(user.id);
    expect(first).toBeDefined();
    expect((await client.get('/api/demo/me')).json()).toEqual({ id: user.id });

    // Logging in again with a loaded session replaces it.
    await client.post('/api/demo/login', { userId: user.id });
    const after = await sessionsOf(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.sid).not.toBe(first?.sid);
    expect(client.cookies.get(SESSION_COOKIE_NAME)).toBeDefined();
    expect((await client.get('/api/demo/me')).json()).toEqual({ id: user.id });
  });

  it('extends the expiry of a session on every request and stores only session data', async () => {
    const user = await t.createUser();
    const client = await t.clientFor(user);
    const soon = new Date(Date.now() + 60_000);
    await t.app.db
      .updateTable('sessions')
      .set({ expire: soon })
      .where('userId', '=', user.id)
      .execute();

    const before = Date.now();
    expect((await client.get('/api/demo/me')).statusCode).toBe(200);
    const [row] = await sessionsOf(user.id);
    expect(row?.expire.getTime()).toBeGreaterThanOrEqual(before + SESSION_MAX_AGE_MS - 1000);
    expect(Object.keys(row?.sess ?? {}).sort()).toEqual(['cookie', 'userId']);
  });
});
