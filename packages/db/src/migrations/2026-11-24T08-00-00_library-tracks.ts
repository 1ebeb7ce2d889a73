import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// The station's library as the worker last scanned it (worker-owned). A track is unique per
// station source (`source`, the same key play_history uses) and the source's own id of the file
// (`media_id`: AzuraCast's unique_id, the built-in station's path). A track that vanished keeps
// its row with `gone_at` set, so the requests that point at it keep their link.
// Search: `library_fold` lower-cases and removes accents (unaccent: "BLØF" → "blof"); it is
// declared immutable (unaccent's dictionary is fixed here) so it can feed generated columns,
// and the GIN trigram indexes on those columns serve exact, prefix and fuzzy matches.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create function library_fold(value text) returns text
    language sql immutable parallel safe strict
    return lower(public.unaccent('public.unaccent'::regdictionary, value))
  `.execute(db);
  await db.schema
    .createTable('library_tracks')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('media_id', 'text', (c) => c.notNull())
    /** AzuraCast's request id (what its request API takes); null for the built-in station. */
    .addColumn('request_id', 'text')
    /** The file's path in the library, or its URI. */
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('album', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0).check(sql`duration >= 0`))
    .addColumn('requestable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('search_title', 'text', (c) =>
      c.generatedAlwaysAs(sql`library_fold(title)`).stored().notNull(),
    )
    .addColumn('search_artist', 'text', (c) =>
      c.generatedAlwaysAs(sql`library_fold(artist)`).stored().notNull(),
    )
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gone_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('library_tracks_source_media_id_key', ['source', 'media_id'])
    .execute();
  await sql`create index library_tracks_search_title_trgm on library_tracks using gin (search_title gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index library_tracks_search_artist_trgm on library_tracks using gin (search_artist gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_tracks').execute();
  await sql`drop function library_fold(text)`.execute(db);
}
