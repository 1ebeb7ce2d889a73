import type { Db } from '@radio/db';

/** Whether sign-up is open: dj_settings belongs to the requests service, auth only reads it. */
export async function isRegistrationEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('djSettings').select('registrationEnabled').executeTakeFirst();
  return row?.registrationEnabled ?? false;
}
