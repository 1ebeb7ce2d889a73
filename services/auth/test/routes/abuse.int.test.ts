import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { buildAuthApp } from '../build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildAuthApp);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.redis.flushdb();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function login(email: string, password: string, ip: string, client = t.client()) {
  return client.post('/api/auth/login', { email, password }, from(ip));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('login throttle: guessing is slowed, the owner is not locked out', () => {
  it('lets the owner in from another address while one address is blocked for the account', async () => {
    const owner = await t.createUser();
    for (let attempt = 0; attempt < 6; attempt += 1)
      await login(owner.email, 'fout', '198.51.100.66');
    expect((await login(owner.email, owner.password, '198.51.100.66')).statusCode).toBe(429);
    // The account waits a little after five wrong passwords (1 s), it is not locked for 15 minutes.
    const elsewhere = await login(owner.email, owner.password, '203.0.113.20');
    if (elsewhere.statusCode === 429) {
      expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(2);
      await sleep(Number(elsewhere.headers['retry-after']) * 1000 + 100);
      expect((await login(owner.email, owner.password, '203.0.113.20')).statusCode).toBe(200);
    } else expect(elsewhere.statusCode).toBe(200);
  });

  it('makes guesses from many addresses wait longer and longer, but not the owner at home', async () => {
    const owner = await t.createUser();
    expect((await login(owner.email, owner.password, '203.0.113.30')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(owner.email, 'fout', `192.0.2.${attempt + 1}`)).statusCode).toBe(401);
    }
    const sixth = await login(owner.email, 'fout', '192.0.2.99');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The address the owner logged in from before is not held up.
    expect((await login(owner.email, owner.password, '203.0.113.30')).statusCode).toBe(200);
  });

  it('lets nobody at the same address lock the owner out of a browser they logged in from', async () => {
    const studio = '198.51.100.7';
    const admin = await t.createUser({ role: 'admin' });
    const adminBrowser = t.client();
    expect((await login(admin.email, admin.password, studio, adminBrowser)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const email = attempt < 5 ? admin.email : `iemand${attempt}@radio.test`;
      await login(email, 'fout', studio);
    }
    // The address and the admin's account from this address are blocked for new browsers...
    expect((await login(admin.email, admin.password, studio)).statusCode).toBe(429);
    expect((await login('ander@radio.test', 'fout', studio)).statusCode).toBe(429);
    // ...but not for the admin's own browser.
    expect((await login(admin.email, admin.password, studio, adminBrowser)).statusCode).toBe(200);
  });

  it('limits wrong passwords from a known browser on their own, and ignores a forged device cookie', async () => {
    const owner = await t.createUser();
    const browser = t.client();
    expect((await login(owner.email, owner.password, '203.0.113.40', browser)).statusCode).toBe(
      200,
    );
    const deviceCookie = browser.cookies.get('radio.device') ?? '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(owner.email, 'fout', '203.0.113.40', browser)).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, '203.0.113.40', browser)).statusCode).toBe(
      429,
    );
    // Another browser at the same address is counted apart, and a forged cookie makes no
    // browser known.
    const forged = t.client();
    forged.cookies.set('radio.device', `${deviceCookie.split('.')[0]}.vervalst`);
    expect((await login(owner.email, 'fout', '203.0.113.40', forged)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, '203.0.113.40')).statusCode).toBe(200);
  });

  it('never stops the logged-in owner from changing the password while the login is under attack', async () => {
    const owner = await t.createUser();
    const browser = await t.clientFor(owner);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await login(owner.email, 'fout', `192.0.2.${attempt % 10}`);
    }
    const response = await browser.patch('/api/auth/change-password', {
      currentPassword: owner.password,
      newPassword: 'nieuw-geheim',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a 900 kB e-mail before it reaches Redis, and keeps keys small', async () => {
    const huge = `${'a'.repeat(900_000)}@radio.test`;
    const response = await login(huge, 'x', '192.0.2.50');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Ongeldig e-mailadres', code: 'VALIDATION_ERROR' });
    expect(await t.app.redis.dbsize()).toBe(0);

    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.nl`;
    expect(longest.length).toBe(254);
    expect((await login(longest, 'x', '192.0.2.50')).statusCode).toBe(401);
    const keys = await t.app.redis.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.length).toBeLessThan(80);
      expect(await t.app.redis.memory('USAGE', key)).toBeLessThan(1_000);
      expect(await t.app.redis.ttl(key)).toBeGreaterThan(0);
    }
  });

  it('refuses an e-mail longer than 254 characters everywhere', async () => {
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.nl`;
    expect((await login(tooLong, 'x', '192.0.2.51')).json().message).toBe('Ongeldig e-mailadres');
    const register = await t.client().post('/api/auth/register', {
      email: tooLong,
      password: 'geheim123',
      name: 'Kees',
    });
    expect(register.statusCode).toBe(400);
    const browser = await t.clientFor(await t.createUser());
    const change = await browser.patch('/api/auth/change-email', {
      email: `${'a'.repeat(3_000)}@radio.test`,
      password: 'x',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ message: 'Ongeldig email adres', code: 'VALIDATION_ERROR' });
  });
});

describe('registration limit', () => {
  it('allows five accounts per address an hour, then answers 429 with the wait', async () => {
    await t.app.db.updateTable('djSettings').set({ registrationEnabled: true }).execute();
    const register = (n: number, ip: string) =>
      t
        .client()
        .post(
          '/api/auth/register',
          { email: `massa${n}-${ip}@radio.test`, password: 'geheim123', name: `Massa ${n}` },
          from(ip),
        );
    for (let n = 0; n < 5; n += 1) expect((await register(n, '192.0.2.77')).statusCode).toBe(200);
    const refused = await register(5, '192.0.2.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Te veel registraties vanaf dit adres. Probeer het over 60 minuten opnieuw.',
      code: 'TOO_MANY_REGISTRATIONS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await register(6, '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('hostile names and ids are refused with 400', () => {
  const cases: Array<[string, string]> = [
    ['a NUL character', 'Ke\u0000es'],
    ['only zero-width characters', '\u200b\u200b\u200b'],
    ['a bidi override', 'Kees\u202egnp.exe'],
    ['a control character', 'Kees\u0007'],
  ];
  for (const [what, name] of cases) {
    it(`a name with ${what}`, async () => {
      const browser = await t.clientFor(await t.createUser({ name: '' }));
      const response = await browser.post('/api/auth/set-display-name', { displayName: name });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    });
  }

  it('accepts a name with an emoji sequence (zero-width joiner)', async () => {
    const browser = await t.clientFor(await t.createUser({ name: '' }));
    const response = await browser.post('/api/auth/set-display-name', {
      displayName: 'Sanne 👩\u200d🎤',
    });
    expect(response.statusCode).toBe(200);
  });

  it('an e-mail with a NUL character', async () => {
    const response = await login('kees\u0000@radio.test', 'x', '192.0.2.52');
    expect(response.statusCode).toBe(400);
  });

  it('a user id beyond int4 in an admin path', async () => {
    const admin = await t.as('admin');
    const response = await admin.patch('/api/admin/users/2147483648/role', { role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Ongeldig id', code: 'VALIDATION_ERROR' });
  });
});
