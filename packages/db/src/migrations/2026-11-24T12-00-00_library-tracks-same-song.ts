import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// The song search lists a Deezer hit that is in the library once, as the library's: it looks the
// hits up by their folded artist and title, which the trigram indexes do not serve (each lookup
// scanned the whole library).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index library_tracks_same_song_idx
      on library_tracks (search_artist, search_title)
      where gone_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index library_tracks_same_song_idx`.execute(db);
}
