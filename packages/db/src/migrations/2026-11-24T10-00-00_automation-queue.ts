import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Requests get a link to the library track they ask for (kept when the file is gone: the row
// stays, see library_tracks), and the automation queue the built-in station plays (owned by the
// requests service). An entry is handed out to the station once (`handed_out_at`) and removed
// when the station reports it started; `position` orders the entries of one machine (1 = main).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('song_requests')
    .addColumn('library_track_id', 'bigint', (c) =>
      c.references('library_tracks.id').onDelete('set null'),
    )
    .execute();
  // Waiting requests are what every rule looks at: a small partial index keeps that cheap.
  await sql`create index song_requests_waiting_idx on song_requests (requested_at) where status in ('pending', 'approved')`.execute(
    db,
  );
  await db.schema
    .createIndex('song_requests_library_track_idx')
    .on('song_requests')
    .column('library_track_id')
    .execute();
  await db.schema
    .createIndex('song_requests_deezer_track_idx')
    .on('song_requests')
    .column('deezer_track_id')
    .execute();

  await db.schema
    .createTable('automation_queue')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('machine', 'integer', (c) => c.notNull().defaultTo(1).check(sql`machine >= 1`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('request', 'voice_message', 'manual')`),
    )
    .addColumn('request_id', 'integer', (c) =>
      c.references('song_requests.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
    /** What the station plays: a path in the library folders or an http(s) URL. */
    .addColumn('uri', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0).check(sql`duration >= 0`))
    .addColumn('handed_out_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('automation_queue_machine_position_idx')
    .on('automation_queue')
    .columns(['machine', 'position'])
    .execute();
  await db.schema
    .createIndex('automation_queue_request_idx')
    .on('automation_queue')
    .column('request_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('automation_queue').execute();
  await db.schema.dropIndex('song_requests_deezer_track_idx').execute();
  await db.schema.dropIndex('song_requests_library_track_idx').execute();
  await sql`drop index song_requests_waiting_idx`.execute(db);
  await db.schema.alterTable('song_requests').dropColumn('library_track_id').execute();
}
