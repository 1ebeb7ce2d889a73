import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Voice messages recorded on the request page (owned by the uploads service). A message not
// attached to a request within a day is deleted with its object (worker).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_by_request_id', 'integer', (c) =>
      c.unique().references('song_requests.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('voice_messages_unused_created_idx')
    .on('voice_messages')
    .column('created_at')
    .where(sql.ref('used_by_request_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_messages').execute();
}
