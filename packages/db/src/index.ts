export * from './schema.ts';
export { createDb, createPool, type Db } from './create-db.ts';
export { migrateToLatest, migrateDown } from './migrate.ts';
export { DJ_SETTINGS_ID, DjSettingsReader } from './dj-settings-reader.ts';
export { PREPARED } from './prepared-statements.ts';
