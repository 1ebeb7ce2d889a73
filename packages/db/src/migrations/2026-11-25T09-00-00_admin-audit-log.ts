import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Every admin change (who, when, what, before → after; secrets already masked), written only by
// the worker's record-admin-change job. The event id makes a retried job a no-op. No foreign key
// on the actor: the entry outlives the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('admin_audit_log_occurred_idx')
    .on('admin_audit_log')
    .columns(['occurred_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
}
