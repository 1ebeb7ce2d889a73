import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { sendMarkedQueriesPrepared } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the process:
  // the pool drops that client and the next query opens a new connection.
  pool.on('error', () => {});
  // The same for a client that is checked out when its connection drops: pg emits 'error' on
  // it (uncaught, the process would exit) besides failing its query, which is what we handle.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    sendMarkedQueriesPrepared(client);
  });
  return pool;
}

export function createDb(connectionString: string, options: { maxConnections?: number } = {}): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPool(connectionString, options.maxConnections) }),
    plugins: [new CamelCasePlugin()],
  });
}
