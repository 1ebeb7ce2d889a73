import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// The built-in station's own key (it was the INTERNAL_TOKEN): the services read it here at every
// call of the station, so it is rotated without a restart. station_api_key_env: a SHA-256 of the
// STATION_API_KEY the requests service last took from its environment (the requests service fills
// both at its start; a stored key equal to the INTERNAL_TOKEN is replaced then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dj_settings add column station_api_key text, add column station_api_key_env text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dj_settings drop column station_api_key, drop column station_api_key_env`.execute(
    db,
  );
}
