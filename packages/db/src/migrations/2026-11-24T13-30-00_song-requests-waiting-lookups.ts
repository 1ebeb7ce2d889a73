import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Every request submit and search asks the same of the waiting requests: is this track (library
// id, Deezer id, or folded title + artist) or this artist already waiting, and how many wait for
// this browser or address. Folded once on insert and indexed on the waiting rows only, each
// question reads a few index entries instead of folding every waiting request each time.
const WAITING = sql`where status in ('pending', 'approved')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('song_requests')
    .addColumn('search_title', 'text', (c) =>
      c.generatedAlwaysAs(sql`library_fold(title)`).stored().notNull(),
    )
    .addColumn('search_artist', 'text', (c) =>
      c.generatedAlwaysAs(sql`library_fold(artist)`).stored().notNull(),
    )
    .execute();
  for (const [name, columns] of [
    ['song_requests_waiting_artist_idx', sql`(search_artist, search_title)`],
    ['song_requests_waiting_library_track_idx', sql`(library_track_id)`],
    ['song_requests_waiting_deezer_track_idx', sql`(deezer_track_id)`],
    ['song_requests_waiting_browser_idx', sql`(browser_fingerprint)`],
    ['song_requests_waiting_ip_idx', sql`(requester_ip)`],
  ] as const) {
    await sql`create index ${sql.id(name)} on song_requests ${columns} ${WAITING}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'song_requests_waiting_artist_idx',
    'song_requests_waiting_library_track_idx',
    'song_requests_waiting_deezer_track_idx',
    'song_requests_waiting_browser_idx',
    'song_requests_waiting_ip_idx',
  ]) {
    await sql`drop index ${sql.id(name)}`.execute(db);
  }
  await db.schema
    .alterTable('song_requests')
    .dropColumn('search_title')
    .dropColumn('search_artist')
    .execute();
}
