import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// Each station source numbers its plays itself (AzuraCast's sh_id, the built-in station's own
// ids), so a play is unique per source, not globally.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('play_history')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  await sql`alter table play_history alter column source drop default`.execute(db);
  await sql`alter table play_history drop constraint play_history_azuracast_id_key`.execute(db);
  await db.schema
    .alterTable('play_history')
    .addUniqueConstraint('play_history_source_azuracast_id_key', ['source', 'azuracast_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('play_history')
    .dropConstraint('play_history_source_azuracast_id_key')
    .execute();
  await db.schema
    .alterTable('play_history')
    .addUniqueConstraint('play_history_azuracast_id_key', ['azuracast_id'])
    .execute();
  await db.schema.alterTable('play_history').dropColumn('source').execute();
}
