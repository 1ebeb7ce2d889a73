import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { buildAuthApp } from '../build.ts';
import { activeAdminCount } from '../support/users.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp(buildAuthApp);
  admin = await t.as('admin');
});
afterAll(() => t.close());

const LAST_ADMIN = {
  message: 'Er moet minimaal één actieve beheerder overblijven',
  code: 'LAST_ADMIN',
};

async function sessionCount(userId: number): Promise<number> {
  const rows = await t.app.db
    .selectFrom('sessions')
    .select('sid')
    .where('userId', '=', userId)
    .execute();
  return rows.length;
}

describe('GET /api/admin/users', () => {
  it('lists every user without password hashes', async () => {
    const user = await t.createUser();
    const response = await admin.get('/api/admin/users');
    expect(response.statusCode).toBe(200);
    const users = response.json();
    expect(users).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: user.id, email: user.email })]),
    );
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('passwordHash');
  });
});

describe('PATCH /api/admin/users/:id/toggle-active', () => {
  it('deactivates a user, which ends their sessions at once, and activates again', async () => {
    const user = await t.createUser();
    const browser = await t.clientFor(user);
    const response = await admin.patch(`/api/admin/users/${user.id}/toggle-active`);
    expect(response.statusCode).toBe(200);
    expect(response.json().isActive).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await browser.get('/api/auth/user')).statusCode).toBe(401);

    const again = await admin.patch(`/api/admin/users/${user.id}/toggle-active`);
    expect(again.json().isActive).toBe(true);
  });

  it('refuses to deactivate yourself', async () => {
    const self = await t.personaUser('admin');
    const response = await admin.patch(`/api/admin/users/${self?.id}/toggle-active`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CANNOT_DEACTIVATE_SELF');
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await admin.patch('/api/admin/users/999999/toggle-active')).json()).toEqual({
      message: 'Gebruiker niet gevonden',
      code: 'USER_NOT_FOUND',
    });
    const bad = await admin.patch('/api/admin/users/abc/toggle-active');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('promotes and demotes; a demoted admin is refused on the next call', async () => {
    const user = await t.createUser();
    const browser = await t.clientFor(user);
    expect(
      (await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'admin' })).json().role,
    ).toBe('admin');
    expect((await browser.get('/api/admin/users')).statusCode).toBe(200);

    expect(
      (await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'listener' })).json().role,
    ).toBe('listener');
    const refused = await browser.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Je hebt admin rechten nodig voor deze pagina.');
  });

  it('refuses an unknown role', async () => {
    const user = await t.createUser();
    const response = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'dj' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ongeldige rol');
  });
});

describe('the last active admin', () => {
  let fresh: TestApp;
  beforeEach(async () => {
    fresh = await createTestApp(buildAuthApp);
  });
  afterEach(() => fresh.close());

  it('cannot be demoted (a deactivated admin does not count)', async () => {
    const only = await fresh.createUser({ role: 'admin' });
    await fresh.createUser({ role: 'admin', isActive: false });
    const response = await (
      await fresh.clientFor(only)
    ).patch(`/api/admin/users/${only.id}/role`, {
      role: 'listener',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(LAST_ADMIN);
    expect(await activeAdminCount(fresh.app.db)).toBe(1);
  });
});

describe('PATCH /api/admin/users/:id/limits', () => {
  it('stores the limits', async () => {
    const user = await t.createUser();
    const limits = {
      customRequestsPerHour: 3,
      customRequestsPerDay: null,
      customCooldownMinutes: 180,
      canBypassLimits: true,
    };
    const response = await admin.patch(`/api/admin/users/${user.id}/limits`, limits);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(limits);
  });

  it('refuses negative limits with a Dutch message', async () => {
    const user = await t.createUser();
    const response = await admin.patch(`/api/admin/users/${user.id}/limits`, {
      customRequestsPerHour: -1,
      customRequestsPerDay: null,
      customCooldownMinutes: null,
      canBypassLimits: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Limiet moet een heel getal van 0 of meer zijn');
  });
});
