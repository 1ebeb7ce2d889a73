import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// A request for a station with its own request API (AzuraCast) goes there after its row is
// committed, never while a transaction waits on the station:
// - station_claimed_at: a copy of the requests service is sending it now (a lease: a crashed
//   sender's claim expires and the next pass sends it);
// - station_step: where a request on its way to the station is, for an admin (a Deezer track is
//   first uploaded to the station and waits until the station lists it as requestable);
// - station_note: what the station last said about it (its refusal, in its own words), or why the
//   upload failed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table song_requests
      add column station_claimed_at timestamptz,
      add column station_step text
        constraint song_requests_station_step_check
        check (station_step in ('uploading', 'awaiting_requestable', 'to_submit', 'submitted', 'refused', 'failed')),
      add column station_note text
        constraint song_requests_station_note_length check (char_length(station_note) <= 1000)
  `.execute(db);
  await sql`update song_requests set station_step = 'submitted' where station_submitted_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table song_requests
      drop column station_claimed_at, drop column station_step, drop column station_note
  `.execute(db);
}
