import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// What the worker's acquisition of a Deezer request's track leaves for an admin: why the last
// try failed (the downloader's words, ARL scrubbed) and how many tries the current round took.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('song_requests').addColumn('download_error', 'text').execute();
  await db.schema
    .alterTable('song_requests')
    .addColumn('download_attempts', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`download_attempts >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('song_requests').dropColumn('download_attempts').execute();
  await db.schema.alterTable('song_requests').dropColumn('download_error').execute();
}
