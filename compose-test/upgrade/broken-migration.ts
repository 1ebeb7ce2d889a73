// A migration that fails as a real one can (the column is already there), for the upgrade check
// of compose-test/run.sh: the upgrade must stop with this reason and change nothing.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table song_requests add column title text`.execute(db);
}
