import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// An approved upload an admin adds to the built-in station's library: the worker copies it there
// (library_status queued → added or failed) and says where it went or why it did not.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_uploads')
    .addColumn('library_status', 'text', (column) =>
      column.check(sql`library_status in ('queued', 'added', 'failed')`),
    )
    .addColumn('library_path', 'text')
    .addColumn('library_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_uploads')
    .dropColumn('library_status')
    .dropColumn('library_path')
    .dropColumn('library_error')
    .execute();
}
