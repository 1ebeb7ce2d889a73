import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Voice messages recorded on the request page (owned by the uploads service). A message is used
// once a request's voicetrack_url names it (song_requests, the requests service's); one not
// used within a day is deleted with its object (worker).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('voice_messages_created_idx')
    .on('voice_messages')
    .column('created_at')
    .execute();
  // "Is this voice message used?" is asked by its path.
  await sql`create index song_requests_voicetrack_url_idx on song_requests (voicetrack_url) where voicetrack_url is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index song_requests_voicetrack_url_idx`.execute(db);
  await db.schema.dropTable('voice_messages').execute();
}
