import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// What is stored about an uploaded file is finite and in range. A header could make the upload
// store a duration of Infinity (which the API could not show, so every list of uploads failed);
// such a value was never measured, so it becomes NULL (unknown, which the API and the pages
// already show) rather than a made-up number. NaN counts as out of range: in Postgres it is
// greater than every number.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update cloud_uploads set duration_seconds = null
    where not (duration_seconds > 0 and duration_seconds <= 86400)
  `.execute(db);
  await sql`
    update cloud_uploads set bitrate_kbps = null
    where not (bitrate_kbps > 0 and bitrate_kbps <= 100000)
  `.execute(db);
  await sql`
    alter table cloud_uploads
      add constraint cloud_uploads_duration_in_range
        check (duration_seconds > 0 and duration_seconds <= 86400),
      add constraint cloud_uploads_bitrate_in_range
        check (bitrate_kbps > 0 and bitrate_kbps <= 100000)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cloud_uploads
      drop constraint cloud_uploads_duration_in_range,
      drop constraint cloud_uploads_bitrate_in_range
  `.execute(db);
}
