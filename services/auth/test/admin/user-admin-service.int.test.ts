import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { UserAdminService } from '../../src/admin/user-admin-service.ts';
import { UsersRepository } from '../../src/users/users-repository.ts';
import { buildAuthApp } from '../build.ts';
import { activeAdminCount } from '../support/users.ts';

let t: TestApp;
let admins: UserAdminService;
beforeEach(async () => {
  t = await createTestApp(buildAuthApp);
  admins = new UserAdminService(new UsersRepository(t.app.db));
});
afterEach(() => t.close());

function outcomes(results: PromiseSettledResult<unknown>[]): string[] {
  return results
    .map((result) =>
      result.status === 'fulfilled' ? 'done' : (result.reason as { code: string }).code,
    )
    .sort();
}

describe('two admins acting on each other at the same moment', () => {
  it('cannot demote each other both: one active admin remains', async () => {
    const first = await t.createUser({ role: 'admin' });
    const second = await t.createUser({ role: 'admin' });
    const results = await Promise.allSettled([
      admins.setRole(second.id, 'listener'),
      admins.setRole(first.id, 'listener'),
    ]);
    expect(outcomes(results)).toEqual(['LAST_ADMIN', 'done']);
    expect(await activeAdminCount(t.app.db)).toBe(1);
  });

  it('cannot deactivate each other both: one active admin remains', async () => {
    const first = await t.createUser({ role: 'admin' });
    const second = await t.createUser({ role: 'admin' });
    const results = await Promise.allSettled([
      admins.toggleActive(first, second.id),
      admins.toggleActive(second, first.id),
    ]);
    expect(outcomes(results)).toEqual(['LAST_ADMIN', 'done']);
    expect(await activeAdminCount(t.app.db)).toBe(1);
  });
});
