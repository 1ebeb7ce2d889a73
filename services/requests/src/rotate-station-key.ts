// Stores the new key of the built-in station, read from stdin: the services check the stored key
// at every call of the station, so from now on they take this one and refuse the old one.
// Run by scripts/rotate-station-key.sh, which also gives it to Liquidsoap.
import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { createDb } from '@radio/db';
import { loadConfig, runtimeEnv } from '@radio/service-kit';
import { SettingsRepository } from './settings/settings-repository.ts';

const config = loadConfig(runtimeEnv.pick({ DATABASE_URL: true }));
const key = z
  .string()
  .trim()
  .min(16)
  .regex(/^\S+$/)
  .parse(await text(process.stdin));
const db = createDb(config.DATABASE_URL);
try {
  await new SettingsRepository(db).rotateStationKey(key);
} finally {
  await db.destroy();
}
