import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@radio/db';

/** Library results per search, at most (spec: 25). */
export const LIBRARY_SEARCH_LIMIT = 25;

export interface LibrarySearchQuery {
  artist?: string | undefined;
  title?: string | undefined;
  /**
   * Only this station source's tracks: `stationSourceKey(url)` (@radio/station) of the active
   * mode's URL in dj_settings, the key the worker indexes it under. Default: any source.
   */
  source?: string | undefined;
}

/** How well a track matched: the weaker field of the query counts. */
export type LibraryMatch = 'exact' | 'prefix' | 'fuzzy';

export interface LibraryTrackHit {
  /** library_tracks.id. */
  id: number;
  source: string;
  title: string;
  artist: string;
  album: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  /** AzuraCast: the media path; built-in station: the absolute file path Liquidsoap plays. */
  path: string;
  requestable: boolean;
  /** What the source's request API takes (AzuraCast); the path for the built-in station. */
  requestId: string | null;
}

export interface LibrarySearchHit extends LibraryTrackHit {
  match: LibraryMatch;
}

export interface LibraryTrackById extends LibraryTrackHit {
  /** The last scan no longer found it. */
  gone: boolean;
}

interface Field {
  value: string;
  column: RawBuilder<unknown>;
}

/**
 * Reads the library index (library_tracks, written by the worker's scan) for the song search.
 * Both the query and the stored columns are folded by library_fold() in Postgres (lower case, no
 * accents: "blof" finds "BLØF"); a field matches exactly, as a prefix ("radar" → "Radar Love") or
 * by trigram similarity ("golden earing" → "Golden Earring", "zomeravnd" → "Zomeravond aan
 * Zee"), served by the GIN trigram indexes. Tracks that are gone are never found.
 */
export class LibrarySearchRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Ranked exact > prefix > fuzzy (per field; with both fields the weaker one counts), then by
   * closeness. No artist and no title: nothing.
   */
  async search(
    query: LibrarySearchQuery,
    limit: number = LIBRARY_SEARCH_LIMIT,
  ): Promise<LibrarySearchHit[]> {
    const artist = query.artist?.trim() || null;
    const title = query.title?.trim() || null;
    if (!artist && !title) return [];
    const fields: Field[] = [
      { value: artist, column: sql.ref('search_artist') },
      { value: title, column: sql.ref('search_title') },
    ].flatMap(({ value, column }) => (value ? [{ value, column }] : []));

    const folded = (value: string) => sql`library_fold(${value})`;
    const prefixOf = ({ value, column }: Field) =>
      sql`${column} like ${folded(escapeLike(value))} || '%'`;
    const closeness = sql.join(
      fields.map(({ value, column }) => sql`word_similarity(${folded(value)}, ${column})`),
      sql` + `,
    );
    const filter = (condition: RawBuilder<unknown>, tier: RawBuilder<unknown> = sql`1`) => sql`
      select ${sql.join(hitColumns)}, ${closeness} as closeness, ${tier} as tier
      from library_tracks
      where gone_at is null
        ${query.source === undefined ? sql`` : sql`and source = ${query.source}`}
        and ${condition}`;
    const size = Math.max(1, Math.min(limit, 500));

    // Exact and prefix matches first: LIKE 'q%' needs every trigram of the query, so the index
    // finds them at once, however common the words.
    const tier = fields.map(
      (field) => sql`case when ${field.column} = ${folded(field.value)} then 3 else 2 end`,
    );
    const prefixes = sql.join(fields.map(prefixOf), sql` and `);
    const { rows: close } = await sql<Row & { tier: number }>`
      ${filter(prefixes, sql`least(${sql.join(tier)})`)}
      order by tier desc, closeness desc, artist, title, id
      limit ${size}
    `.execute(this.#db);
    const hits: LibrarySearchHit[] = close.map((row) => ({
      ...toHit(row),
      match: row.tier === 3 ? 'exact' : 'prefix',
    }));
    if (hits.length >= size) return hits;

    // Then the fuzzy ones (a typo, a word left out): every field near enough by word similarity
    // (pg_trgm's <%, at least 0.6), and not all of them prefixes (those came above).
    const near = sql.join(
      fields.map((field) => sql`(${prefixOf(field)} or ${folded(field.value)} <% ${field.column})`),
      sql` and `,
    );
    const { rows: fuzzy } = await sql<Row>`
      ${filter(sql`${near} and not (${prefixes})`)}
      order by closeness desc, artist, title, id
      limit ${size - hits.length}
    `.execute(this.#db);
    return [...hits, ...fuzzy.map((row) => ({ ...toHit(row), match: 'fuzzy' as const }))];
  }

  /**
   * For each song (artist and title, e.g. Deezer's hits), the library track with the same
   * folded artist and title, or null: the same song is listed once, as the library's.
   */
  async sameSongs(
    songs: readonly { artist: string; title: string }[],
    source?: string,
  ): Promise<(LibraryTrackHit | null)[]> {
    if (songs.length === 0) return [];
    const { rows } = await sql<Row & { position: string }>`
      select distinct on (song.position) song.position, ${sql.join(hitColumns)}
      from unnest(${songs.map((song) => song.artist)}::text[], ${songs.map((song) => song.title)}::text[])
        with ordinality as song(song_artist, song_title, position)
      join library_tracks on search_artist = library_fold(song.song_artist)
                         and search_title = library_fold(song.song_title)
      where gone_at is null
        ${source === undefined ? sql`` : sql`and source = ${source}`}
      order by song.position, requestable desc, id
    `.execute(this.#db);
    const found = new Map(rows.map((row) => [Number(row.position), toHit(row)]));
    return songs.map((_song, index) => found.get(index + 1) ?? null);
  }

  /** One track of the index, gone or not; null when there is no such id. */
  async byId(id: number): Promise<LibraryTrackById | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const { rows } = await sql<Row & { gone: boolean }>`
      select ${sql.join(hitColumns)}, gone_at is not null as gone
      from library_tracks where id = ${id}
    `.execute(this.#db);
    const row = rows[0];
    return row ? { ...toHit(row), gone: row.gone } : null;
  }
}

/** As Postgres answers it: the bigint id as a string. */
type Row = Omit<LibraryTrackHit, 'id'> & { id: string };

const hitColumns = [
  sql.ref('id'),
  sql.ref('source'),
  sql.ref('title'),
  sql.ref('artist'),
  sql.ref('album'),
  sql.ref('duration'),
  sql.ref('path'),
  sql.ref('requestable'),
  sql`request_id as "requestId"`,
];

function toHit({ id, source, title, artist, album, duration, path, requestable, requestId }: Row) {
  const hit: LibraryTrackHit = {
    id: Number(id),
    source,
    title,
    artist,
    album,
    duration,
    path,
    requestable,
    requestId,
  };
  return hit;
}

/** LIKE's wildcards and escape taken literally (the default escape character is `\`). */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
