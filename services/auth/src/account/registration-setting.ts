import { DjSettingsReader, type Db } from '@radio/db';

/** Whether sign-up is open: dj_settings belongs to the requests service, auth only reads it. */
export async function isRegistrationEnabled(db: Db): Promise<boolean> {
  const settings = await new DjSettingsReader(db).read();
  return settings?.registrationEnabled ?? false;
}
