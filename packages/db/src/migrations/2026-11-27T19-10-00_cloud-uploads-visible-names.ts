import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; a later change gets a new migration.
// A file's name and tags are stored without bidi controls (a U+202E shows `gpj.mp3` as `3pm.jpg`
// on the moderation page): those stored before lose them too. Not undone by `down`.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bidi = '[\u200e\u200f\u202a-\u202e\u2066-\u2069]';
  await sql`
    update cloud_uploads set
      original_name = regexp_replace(original_name, ${bidi}, '', 'g'),
      tag_artist = regexp_replace(tag_artist, ${bidi}, '', 'g'),
      tag_title = regexp_replace(tag_title, ${bidi}, '', 'g'),
      tag_album = regexp_replace(tag_album, ${bidi}, '', 'g')
    where concat(original_name, tag_artist, tag_title, tag_album) ~ ${bidi}
  `.execute(db);
}

export async function down(): Promise<void> {}
