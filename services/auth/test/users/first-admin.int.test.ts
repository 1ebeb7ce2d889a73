import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { ensureFirstAdmin } from '../../src/users/first-admin.ts';
import { UsersRepository } from '../../src/users/users-repository.ts';
import { buildAuthApp } from '../build.ts';

const ADMIN = { ADMIN_EMAIL: 'Beheer@Radio.test', ADMIN_PASSWORD: 'start-wachtwoord' };

let t: TestApp;
afterEach(() => t.close());

function admins(app: TestApp) {
  return app.app.db.selectFrom('users').selectAll().where('role', '=', 'admin').execute();
}

describe('the first admin', () => {
  it('is created at boot from ADMIN_EMAIL and ADMIN_PASSWORD and can log in', async () => {
    t = await createTestApp(buildAuthApp, ADMIN);
    const response = await t.client().post('/api/auth/login', {
      email: ADMIN.ADMIN_EMAIL,
      password: ADMIN.ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'beheer@radio.test', role: 'admin', name: '' });
  });

  it('is not created or changed while an admin exists', async () => {
    t = await createTestApp(buildAuthApp);
    const existing = await t.createUser({ role: 'admin' });
    const outcome = await ensureFirstAdmin(new UsersRepository(t.app.db), ADMIN, t.app.log);
    expect(outcome).toBe('admin-exists');
    expect((await admins(t)).map((admin) => admin.id)).toEqual([existing.id]);
  });

  it('is created once when several copies boot at the same moment', async () => {
    t = await createTestApp(buildAuthApp);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        ensureFirstAdmin(new UsersRepository(t.app.db), ADMIN, t.app.log),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(await admins(t)).toHaveLength(1);
  });

  it('takes over an account that signed up with its address, with the configured password', async () => {
    t = await createTestApp(buildAuthApp);
    const squatter = await t.createUser({ email: 'beheer@radio.test', isActive: false });
    const squattersBrowser = await t.clientFor(squatter);
    await ensureFirstAdmin(new UsersRepository(t.app.db), ADMIN, t.app.log);
    expect((await squattersBrowser.get('/api/admin/users')).statusCode).toBe(401);
    const login = (password: string) =>
      t.client().post('/api/auth/login', { email: squatter.email, password });
    expect((await login(squatter.password)).statusCode).toBe(401);
    const response = await login(ADMIN.ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: squatter.id, role: 'admin', isActive: true });
  });

  it('is not created without both variables', async () => {
    t = await createTestApp(buildAuthApp, { ADMIN_EMAIL: ADMIN.ADMIN_EMAIL });
    expect(await admins(t)).toEqual([]);
  });
});
