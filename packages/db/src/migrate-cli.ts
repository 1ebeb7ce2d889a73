import { Kysely, PostgresDialect } from 'kysely';
import { createPool } from './create-db.ts';
import { migrateDown, migrateToLatest } from './migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: createPool(url, 1) }) });
try {
  const applied = process.argv[2] === 'down' ? await migrateDown(db) : await migrateToLatest(db);
  console.log(
    applied.length ? `migrations applied: ${applied.join(', ')}` : 'database is up to date',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
