import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, DJ_SETTINGS_ID, DjSettingsReader, type Db } from '@radio/db';
import { createTestDatabase, type TestDatabase } from '@radio/testing';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
});
afterAll(async () => {
  await db.destroy();
  await testDb.drop();
});

describe('DjSettingsReader', () => {
  it('reads the one settings row as the requests service last wrote it, and nothing when it is gone', async () => {
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
  });
});
