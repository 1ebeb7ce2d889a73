import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// What an uploaded track's file says about itself (read at upload), so the admin page can flag
// a bitrate below the guideline; and the per-user daily limit counts a user's recent uploads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_uploads')
    .addColumn('bitrate_kbps', 'integer')
    .addColumn('duration_seconds', 'real')
    .execute();
  await sql`create index cloud_uploads_user_uploaded_idx on cloud_uploads (user_id, uploaded_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cloud_uploads_user_uploaded_idx`.execute(db);
  await db.schema
    .alterTable('cloud_uploads')
    .dropColumn('bitrate_kbps')
    .dropColumn('duration_seconds')
    .execute();
}
