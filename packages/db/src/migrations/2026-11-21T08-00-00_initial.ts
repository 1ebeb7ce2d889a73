import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('listener'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('custom_requests_per_hour', 'integer')
    .addColumn('custom_requests_per_day', 'integer')
    .addColumn('custom_cooldown_minutes', 'integer')
    .addColumn('can_bypass_limits', 'boolean', (c) => c.notNull().defaultTo(false))
    .addCheckConstraint('users_role_check', sql`role in ('listener', 'admin')`)
    .addCheckConstraint(
      'users_limits_non_negative',
      sql`coalesce(custom_requests_per_hour, 0) >= 0 and coalesce(custom_requests_per_day, 0) >= 0 and coalesce(custom_cooldown_minutes, 0) >= 0`,
    )
    .execute();
  await sql`create unique index users_email_lower_unique on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar', (c) => c.primaryKey())
    .addColumn('sess', 'jsonb', (c) => c.notNull())
    .addColumn('expire', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) =>
      c.generatedAlwaysAs(sql`(sess ->> 'userId')::integer`).stored(),
    )
    .execute();
  await db.schema.createIndex('sessions_expire_idx').on('sessions').column('expire').execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('play_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('azuracast_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('play_history_duration_non_negative', sql`duration >= 0`)
    .execute();
  await db.schema
    .createIndex('play_history_played_at_idx')
    .on('play_history')
    .column('played_at')
    .execute();

  await db.schema
    .createTable('song_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .addColumn('filename', 'text')
    .addColumn('duration', 'integer')
    .addColumn('requester_name', 'text', (c) => c.notNull())
    .addColumn('requester_ip', 'text')
    .addColumn('browser_fingerprint', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('played_at', 'timestamptz')
    .addColumn('voicetrack_url', 'text')
    .addColumn('message', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('deezer_track_id', 'text')
    .addColumn('download_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addCheckConstraint(
      'song_requests_status_check',
      sql`status in ('pending', 'approved', 'rejected', 'played')`,
    )
    .addCheckConstraint('song_requests_source_check', sql`source in ('local', 'deezer')`)
    .addCheckConstraint(
      'song_requests_download_status_check',
      sql`download_status in ('pending', 'downloading', 'ready', 'failed', 'not_needed')`,
    )
    .execute();
  await db.schema
    .createIndex('song_requests_user_requested_idx')
    .on('song_requests')
    .columns(['user_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('song_requests_requested_at_idx')
    .on('song_requests')
    .column('requested_at')
    .execute();

  await db.schema
    .createTable('dj_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1))
    .addColumn('live_url', 'text')
    .addColumn('live_api_key', 'text')
    .addColumn('nonstop_url', 'text')
    .addColumn('nonstop_api_key', 'text')
    .addColumn('local_stream_url', 'text', (c) => c.notNull().defaultTo('/stream/radio.m3u8'))
    .addColumn('library_name', 'text', (c) => c.notNull().defaultTo('Nonstop Mix'))
    .addColumn('max_requests_per_ip', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('max_requests_per_browser', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('requests_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('registration_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('broadcasting_mode', 'text', (c) => c.notNull().defaultTo('nonstop'))
    .addColumn('track_cooldown_hours', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('artist_cooldown_hours', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deezer_arl', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('dj_settings_single_row', sql`id = 1`)
    .addCheckConstraint('dj_settings_mode_check', sql`broadcasting_mode in ('nonstop', 'live')`)
    .addCheckConstraint(
      'dj_settings_limits_non_negative',
      sql`max_requests_per_ip >= 0 and max_requests_per_browser >= 0 and track_cooldown_hours >= 0 and artist_cooldown_hours >= 0`,
    )
    .execute();
  await sql`insert into dj_settings (id) values (1)`.execute(db);

  await db.schema
    .createTable('cloud_uploads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addCheckConstraint(
      'cloud_uploads_status_check',
      sql`status in ('pending', 'approved', 'rejected', 'downloaded')`,
    )
    .execute();
  await db.schema
    .createIndex('cloud_uploads_status_uploaded_idx')
    .on('cloud_uploads')
    .columns(['status', 'uploaded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cloud_uploads', 'dj_settings', 'song_requests', 'play_history', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
