import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max });
}

export function createDb(connectionString: string, options: { maxConnections?: number } = {}): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPool(connectionString, options.maxConnections) }),
    plugins: [new CamelCasePlugin()],
  });
}
