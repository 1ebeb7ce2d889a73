import { type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// The tags an uploaded file carries itself (read at upload), for the admin beside what the
// listener typed, and the album for the station library.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_uploads')
    .addColumn('tag_artist', 'text')
    .addColumn('tag_title', 'text')
    .addColumn('tag_album', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_uploads')
    .dropColumn('tag_artist')
    .dropColumn('tag_title')
    .dropColumn('tag_album')
    .execute();
}
