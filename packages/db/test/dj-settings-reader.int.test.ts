import { expect, it } from 'vitest';
import { createDb, DJ_SETTINGS_ID, DjSettingsReader } from '@radio/db';
import { createTestDatabase } from '@radio/testing';

it('reads the one settings row as the requests service last wrote it, and nothing once it is gone', async () => {
  const database = await createTestDatabase();
  const db = createDb(database.url);
  try {
    const reader = new DjSettingsReader(db);
    await db
      .updateTable('djSettings')
      .set({ registrationEnabled: true, liveUrl: 'https://radio.example/api/nowplaying/1' })
      .where('id', '=', DJ_SETTINGS_ID)
      .execute();
    expect(await reader.read()).toMatchObject({
      id: DJ_SETTINGS_ID,
      registrationEnabled: true,
      liveUrl: 'https://radio.example/api/nowplaying/1',
    });

    await db.deleteFrom('djSettings').execute();
    expect(await reader.read()).toBeUndefined();
  } finally {
    await db.destroy();
    await database.drop();
  }
});
