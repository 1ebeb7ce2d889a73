import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// A request the station reported as started counts as a recent play at once (the cooldown check
// reads the played requests of the last hours next to play_history); indexed on those rows only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index song_requests_played_at_idx on song_requests (played_at) where status = 'played'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index song_requests_played_at_idx`.execute(db);
}
