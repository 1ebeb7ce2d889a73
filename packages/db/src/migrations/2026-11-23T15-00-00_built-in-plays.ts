import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// What the built-in station played, owned by the requests service (it used to live in Redis,
// where a lost Redis lost the history nothing could backfill). Liquidsoap mints `play_id` for
// each track it starts and retries its report until stored: the unique key makes a retry a no-op.
// `id` is the published sh_id that the worker's play_history keys on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('built_in_plays')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('play_id', 'text', (c) => c.notNull().unique())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0).check(sql`duration >= 0`))
    .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('album', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('built_in_plays_started_at_idx')
    .on('built_in_plays')
    .columns(['started_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('built_in_plays').execute();
}
