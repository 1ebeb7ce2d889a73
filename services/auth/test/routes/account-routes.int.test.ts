import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '@radio/service-kit';
import { createTestApp, TestClient, type TestApp, type TestUser } from '@radio/service-kit/testing';
import { buildAuthApp } from '../build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildAuthApp);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.redis.flushdb();
});

const WRONG_CREDENTIALS = {
  message: 'Onjuist e-mailadres of wachtwoord',
  code: 'INVALID_CREDENTIALS',
};

async function setRegistration(enabled: boolean): Promise<void> {
  await t.app.db.updateTable('djSettings').set({ registrationEnabled: enabled }).execute();
}

async function countUsers(): Promise<number> {
  const row = await t.app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function login(client: TestClient, email: string, password: string, ip = '203.0.113.1') {
  return client.post(
    '/api/auth/login',
    { email, password },
    { headers: { 'x-forwarded-for': ip } },
  );
}

describe('POST /api/auth/register', () => {
  const body = { email: 'Nieuw@Radio.test', password: 'geheim123', name: '  Sanne  ' };

  it('is refused while registration is switched off, and creates nothing', async () => {
    await setRegistration(false);
    const before = await countUsers();
    const response = await t.client().post('/api/auth/register', body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Registratie is momenteel uitgeschakeld',
      code: 'REGISTRATION_DISABLED',
    });
    expect(await countUsers()).toBe(before);
  });

  it('creates the account, logs the user in and returns the user without the hash', async () => {
    await setRegistration(true);
    const client = t.client();
    const response = await client.post('/api/auth/register', body);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ email: 'nieuw@radio.test', name: 'Sanne', role: 'listener' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.lastLoginAt).not.toBeNull();
    expect((await client.get('/api/auth/user')).json()).toEqual(user);
    const stored = await t.app.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail address that exists, whatever its case', async () => {
    await setRegistration(true);
    const existing = await t.createUser({ email: 'bestaat@radio.test' });
    const response = await t.client().post('/api/auth/register', {
      ...body,
      email: 'BESTAAT@radio.test',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Er bestaat al een account met dit e-mailadres',
      code: 'EMAIL_TAKEN',
    });
    expect(
      (
        await t.app.db
          .selectFrom('users')
          .select('id')
          .where('email', 'ilike', existing.email)
          .execute()
      ).length,
    ).toBe(1);
  });

  it.each([
    [{ ...body, email: 'geen-adres' }, 'Ongeldig e-mailadres'],
    [{ ...body, email: undefined }, 'Ongeldig e-mailadres'],
    [{ ...body, password: '12345' }, 'Wachtwoord moet minimaal 6 karakters zijn'],
    [{ ...body, name: ' J ' }, 'Naam moet minimaal 2 karakters zijn'],
  ])('answers the spec text for bad input and writes nothing (%#)', async (payload, message) => {
    await setRegistration(true);
    const before = await countUsers();
    const response = await t.client().post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('logs in, records the login time and starts a new session id', async () => {
    const user = await t.createUser();
    const client = await t.clientFor(await t.createUser());
    const earlierSession = client.cookies.get(SESSION_COOKIE_NAME);

    const response = await login(client, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(response.json().lastLoginAt).not.toBeNull();
    expect(client.cookies.get(SESSION_COOKIE_NAME)).not.toBe(earlierSession);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ id: user.id });

    const oldBrowser = new TestClient(t.app, { [SESSION_COOKIE_NAME]: earlierSession ?? '' });
    expect((await oldBrowser.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sets an httpOnly, SameSite=Lax cookie, Secure behind an https gateway', async () => {
    const user = await t.createUser();
    const response = await t
      .client()
      .post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    const user = await t.createUser();
    const unknown = await login(t.client(), 'niemand@radio.test', user.password);
    const wrong = await login(t.client(), user.email, 'verkeerd-wachtwoord');
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual(WRONG_CREDENTIALS);
    expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    expect(unknown.cookies).toEqual([]);
  });

  it.each([
    [{ email: 'geen-adres', password: 'x' }, 'Ongeldig e-mailadres'],
    [{ email: 'a@radio.test', password: '' }, 'Wachtwoord is verplicht'],
    [{ email: 'a@radio.test' }, 'Wachtwoord is verplicht'],
  ])('answers the spec text for bad input (%#)', async (payload, message) => {
    const response = await t.client().post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a deactivated user', async () => {
    const user = await t.createUser({ isActive: false });
    const response = await login(t.client(), user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(response.cookies).toEqual([]);
  });

  it('logout ends the session for good', async () => {
    const user = await t.createUser();
    const client = t.client();
    await login(client, user.email, user.password);
    const cookie = client.cookies.get(SESSION_COOKIE_NAME) ?? '';

    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
    const replayed = new TestClient(t.app, { [SESSION_COOKIE_NAME]: cookie });
    expect((await replayed.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('logout without a session is not an error', async () => {
    expect((await t.client().post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('GET /api/login sends the browser to the login page', async () => {
    const response = await t.client().get('/api/login');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });
});

describe('login throttling', () => {
  it('refuses an account after five failures, even with the right password', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(t.client(), user.email, 'verkeerd')).json()).toEqual(WRONG_CREDENTIALS);
    }
    const response = await login(t.client(), user.email, user.password);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'Te veel mislukte inlogpogingen. Probeer het over 15 minuten opnieuw.',
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('treats an unknown e-mail address exactly the same', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(t.client(), 'onbekend@radio.test', 'x')).json()).toEqual(
        WRONG_CREDENTIALS,
      );
    }
    expect((await login(t.client(), 'onbekend@radio.test', 'x')).statusCode).toBe(429);
  });

  it('limits one client address to twenty failures, leaving other addresses alone', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await login(t.client(), `poging${attempt}@radio.test`, 'x', '198.51.100.7');
    }
    const user = await t.createUser();
    expect((await login(t.client(), user.email, user.password, '198.51.100.7')).statusCode).toBe(
      429,
    );
    expect((await login(t.client(), user.email, user.password, '198.51.100.8')).statusCode).toBe(
      200,
    );
  });

  it('counts guesses sent in parallel: at most five password checks get through', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(t.client(), user.email, 'verkeerd')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(429);
  });

  it('starts counting again after a successful login', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 4; attempt += 1)
      await login(t.client(), user.email, 'verkeerd');
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1)
      await login(t.client(), user.email, 'verkeerd');
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/set-display-name', () => {
  it('sets a trimmed name once and refuses to change it afterwards', async () => {
    const client = await t.clientFor(await t.createUser({ name: '' }));
    const response = await client.post('/api/auth/set-display-name', { displayName: '  DJ Kees ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('DJ Kees');

    const again = await client.post('/api/auth/set-display-name', { displayName: 'Iemand anders' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NAME_ALREADY_SET');
    expect((await client.get('/api/auth/user')).json().name).toBe('DJ Kees');
  });

  it('refuses an empty name with the spec text', async () => {
    const client = await t.clientFor(await t.createUser({ name: '' }));
    const response = await client.post('/api/auth/set-display-name', { displayName: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Voer een geldige naam in');
  });
});

describe('PATCH /api/auth/change-password', () => {
  it('refuses a wrong current password, changing nothing and ending no session', async () => {
    const user = await t.createUser();
    const client = await t.clientFor(user);
    const otherBrowser = await t.clientFor(user);
    const response = await client.patch('/api/auth/change-password', {
      currentPassword: 'verkeerd',
      newPassword: 'nieuw-geheim',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Het huidige wachtwoord is onjuist',
      code: 'WRONG_PASSWORD',
    });
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(200);
    expect((await login(t.client(), user.email, 'nieuw-geheim')).statusCode).toBe(401);
  });

  it('changes the password, ends the other sessions and keeps this browser logged in', async () => {
    const user = await t.createUser();
    const client = await t.clientFor(user);
    const otherBrowser = await t.clientFor(user);
    const response = await client.patch('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'nieuw-geheim',
    });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.client(), user.email, 'nieuw-geheim')).statusCode).toBe(200);
  });

  it('answers "Wachtwoord te kort" for a short new password and keeps the old one', async () => {
    const user = await t.createUser();
    const otherBrowser = await t.clientFor(user);
    const response = await (
      await t.clientFor(user)
    ).patch('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Wachtwoord te kort');
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a visitor without a session', async () => {
    const response = await t.client().patch('/api/auth/change-password', {
      currentPassword: 'wat-dan-ook',
      newPassword: 'nieuw-geheim',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/change-email', () => {
  async function emailOf(user: TestUser): Promise<string> {
    const row = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  /** The user's own browser asks for `email`, confirming with `password` (theirs by default). */
  async function changeEmail(user: TestUser, email: string, password = user.password) {
    return (await t.clientFor(user)).patch('/api/auth/change-email', { email, password });
  }

  it('needs the current password and changes nothing without it', async () => {
    const user = await t.createUser();
    const otherBrowser = await t.clientFor(user);
    const response = await changeEmail(user, 'ander@radio.test', 'verkeerd');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Het huidige wachtwoord is onjuist');
    expect(await emailOf(user)).toBe(user.email);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('changes the e-mail address, which then logs in', async () => {
    const user = await t.createUser();
    const response = await changeEmail(user, ' Verhuisd@Radio.test ');
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('verhuisd@radio.test');
    expect((await login(t.client(), 'verhuisd@radio.test', user.password)).statusCode).toBe(200);
    expect((await login(t.client(), user.email, user.password)).statusCode).toBe(401);
  });

  it('ends the other sessions and keeps this browser logged in with the new address', async () => {
    const user = await t.createUser();
    const client = await t.clientFor(user);
    const otherBrowser = await t.clientFor(user);
    const response = await client.patch('/api/auth/change-email', {
      email: 'nieuw-adres@radio.test',
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('nieuw-adres@radio.test');
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps the other sessions when the address stays the same', async () => {
    const user = await t.createUser();
    const otherBrowser = await t.clientFor(user);
    const response = await changeEmail(user, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses an address another account has, changing nothing', async () => {
    const other = await t.createUser();
    const user = await t.createUser();
    const otherBrowser = await t.clientFor(user);
    const response = await changeEmail(user, other.email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Er bestaat al een account met dit e-mailadres',
      code: 'EMAIL_TAKEN',
    });
    expect(await emailOf(user)).toBe(user.email);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers "Ongeldig email adres" for an address without @, changing nothing', async () => {
    const user = await t.createUser();
    const response = await changeEmail(user, 'geen-apenstaartje');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ongeldig email adres');
    expect(await emailOf(user)).toBe(user.email);
  });
});
