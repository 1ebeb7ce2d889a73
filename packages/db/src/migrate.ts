import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, Migrator, type MigrationResultSet } from 'kysely/migration';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Migrations run without the CamelCasePlugin so their SQL names stay exactly as written.
function createMigrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
}

function assertSucceeded({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`migration failed${name}: ${String(error)}`, { cause: error });
  }
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const resultSet = await createMigrator(db).migrateToLatest();
  assertSucceeded(resultSet);
  return (resultSet.results ?? []).map((r) => r.migrationName);
}

export async function migrateDown(db: Kysely<unknown>): Promise<string[]> {
  const resultSet = await createMigrator(db).migrateDown();
  assertSucceeded(resultSet);
  return (resultSet.results ?? []).map((r) => r.migrationName);
}
