import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '@radio/db';
import { startPostgres } from './postgres.ts';
import './provided-context.ts';

export const TEMPLATE_DATABASE = 'radio_template';

/** One Postgres for the whole run; a migrated template that each test file clones. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: server.url(TEMPLATE_DATABASE), max: 1 }),
    }),
  });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgresAdminUrl', server.url());
  project.provide('postgresTemplateDatabase', TEMPLATE_DATABASE);
  return () => server.stop();
}
