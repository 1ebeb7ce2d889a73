import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@radio/service-kit';
import {
  createTestApp,
  cuttableLink,
  type CuttableLink,
  type Env,
  type TestApp,
} from '@radio/service-kit/testing';
import { waitFor } from '@radio/testing';
import { buildAuthApp } from './build.ts';

const UNAVAILABLE = { message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' };
const ADMIN = { ADMIN_EMAIL: 'beheer@radio.test', ADMIN_PASSWORD: 'start-wachtwoord' };

let t: TestApp | undefined;
let link: CuttableLink | undefined;
afterEach(async () => {
  await link?.restore().catch(() => {});
  await t?.close();
  await link?.close();
  t = undefined;
  link = undefined;
});

/** An auth service whose Postgres or Redis sits behind a link the test can cut. */
async function authBehindLink(
  dependency: 'DATABASE_URL' | 'REDIS_URL',
  options: { cutAtBoot?: boolean; env?: Env } = {},
): Promise<{ t: TestApp; link: CuttableLink }> {
  const app = await createTestApp(async (env) => {
    link = await cuttableLink(env[dependency] ?? '');
    if (options.cutAtBoot) await link.cut();
    return buildAuthApp({ ...env, [dependency]: link.url });
  }, options.env);
  t = app;
  if (!link) throw new Error('no link');
  return { t: app, link };
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await call();
  return { value, ms: performance.now() - start };
}

/** A login of `user` from a fresh browser. */
const logIn = (t: TestApp, user: { email: string; password: string }) =>
  t.client().post('/api/auth/login', { email: user.email, password: user.password });

describe('while Postgres is down', () => {
  it('login answers 503 fast, and the failures never count as wrong passwords', async () => {
    const { t, link } = await authBehindLink('DATABASE_URL');
    const user = await t.createUser();
    await link.cut();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { value: response, ms } = await timed(() => logIn(t, user));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(response.headers['retry-after']).toBe('60');
      expect(ms).toBeLessThan(1_000);
    }
    await link.restore();
    expect((await logIn(t, user)).statusCode).toBe(200);
  });

  it('/api/auth/user answers 503, not "logged out"', async () => {
    const { t, link } = await authBehindLink('DATABASE_URL');
    const browser = await t.clientFor(await t.createUser());
    await link.cut();
    const response = await browser.get('/api/auth/user');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(browser.cookies.size).toBe(1);
    await link.restore();
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('the service starts, is not ready, and creates the first admin once Postgres is back', async () => {
    const { t, link } = await authBehindLink('DATABASE_URL', { cutAtBoot: true, env: ADMIN });
    expect((await t.client().get('/readyz')).statusCode).toBe(503);
    await link.restore();
    await waitFor(async () => (await t.client().get('/readyz')).statusCode === 200, 'readiness');
    const adminExists = async () =>
      (await t.app.db.selectFrom('users').where('role', '=', 'admin').select('id').execute())
        .length === 1;
    await waitFor(adminExists, 'the first admin');
    const admin = { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD };
    expect((await logIn(t, admin)).statusCode).toBe(200);
  });
});

describe('while Redis is down', () => {
  it('login and registration answer 503 well under a second, and work again after', async () => {
    const { t, link } = await authBehindLink('REDIS_URL');
    const user = await t.createUser();
    await t.app.db.updateTable('djSettings').set({ registrationEnabled: true }).execute();
    await link.cut();
    await waitFor(async () => t.app.redis.status !== 'ready', 'Redis seen as down');
    for (const call of [
      () => logIn(t, user),
      () =>
        t
          .client()
          .post('/api/auth/register', { email: 'x@radio.test', password: 'geheim123', name: 'Xx' }),
    ]) {
      const { value: response, ms } = await timed(call);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(ms).toBeLessThan(500);
    }
    await link.restore();
    await waitFor(async () => t.app.redis.status === 'ready', 'Redis reconnected');
    expect((await logIn(t, user)).statusCode).toBe(200);
  });

  it("an admin's change stands, fast, though its audit entry cannot be queued", async () => {
    const { t, link } = await authBehindLink('REDIS_URL');
    const admin = await t.clientFor(await t.createUser({ role: 'admin' }));
    const user = await t.createUser();
    await link.cut();
    await waitFor(async () => t.app.redis.status !== 'ready', 'Redis seen as down');
    const { value: response, ms } = await timed(() =>
      admin.patch(`/api/admin/users/${user.id}/role`, { role: 'admin' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin' });
    expect(ms).toBeLessThan(500);
  });

  it('the service starts and becomes ready when Redis is back', async () => {
    const { t, link } = await authBehindLink('REDIS_URL', { cutAtBoot: true });
    expect((await t.client().get('/readyz')).statusCode).toBe(503);
    await link.restore();
    await waitFor(async () => (await t.client().get('/readyz')).statusCode === 200, 'readiness');
  });
});

/** The login throttle's failure counters in Redis that are above 0. */
async function loginCounters(t: TestApp): Promise<Record<string, number>> {
  const counters: Record<string, number> = {};
  for (const key of await t.app.redis.keys('auth:login:*')) {
    const kind = key.split(':')[2] ?? '';
    if (!['pair', 'ip', 'email'].includes(kind)) continue;
    const value = Number(
      kind === 'email' ? await t.app.redis.hget(key, 'count') : await t.app.redis.get(key),
    );
    if (value > 0) counters[key] = value;
  }
  return counters;
}

describe('while Redis is frozen (SIGSTOP)', () => {
  it('correct logins answer 200 or a fast 503, and none counts as a failed attempt', async () => {
    const app = await createTestApp(buildAuthApp);
    t = app;
    const users = [await app.createUser(), await app.createUser(), await app.createUser()];
    const info = await app.app.redis.info('server');
    const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    process.kill(redisPid, 'SIGSTOP');
    const answers: { status: number; ms: number }[] = [];
    try {
      const frozenUntil = Date.now() + 4_000;
      while (Date.now() < frozenUntil) {
        for (const user of users) {
          const { value: response, ms } = await timed(() => logIn(app, user));
          answers.push({ status: response.statusCode, ms: Math.round(ms) });
        }
        await sleep(50);
      }
    } finally {
      process.kill(redisPid, 'SIGCONT');
    }
    // Answered after every command the service sent during the freeze.
    await app.app.redis.ping();
    const counters = await loginCounters(app);
    const slow = answers.filter((a) => a.status !== 200 && a.ms >= 1_000);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(slow).toEqual([]);
    expect(counters).toEqual({});
    for (const user of users) expect((await logIn(app, user)).statusCode).toBe(200);
  });
});
