import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// When a request was handed to a station's request API (AzuraCast): a request approved during a
// live show is sent once when the station goes back to nonstop, never twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('song_requests')
    .addColumn('station_submitted_at', 'timestamptz')
    .execute();
  // What the switch back to nonstop looks for: approved and not yet sent.
  await db.schema
    .createIndex('song_requests_station_unsubmitted_idx')
    .on('song_requests')
    .column('reviewed_at')
    .where(sql<boolean>`status = 'approved' and station_submitted_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('song_requests_station_unsubmitted_idx').execute();
  await db.schema.alterTable('song_requests').dropColumn('station_submitted_at').execute();
}
