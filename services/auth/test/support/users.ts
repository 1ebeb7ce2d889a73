import type { Db } from '@radio/db';

/** How many admins can still sign in: the last of them must never be lost. */
export async function activeAdminCount(db: Db): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('isActive', '=', true)
    .execute();
  return rows.length;
}
