import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@radio/db';
import { createTestDatabase, type TestDatabase } from '@radio/testing';
import { LibrarySearchRepository } from '../../src/library/library-search-repository.ts';

let database: TestDatabase;
let db: Db;
let library: LibrarySearchRepository;

const SOURCE = 'http://127.0.0.1:3102';
const tracks = [
  ['BLØF', 'Zoutelande', 'Aan'],
  ['Golden Earring', 'Radar Love', 'Moontan'],
  ['Golden Earring', 'Twilight Zone', 'Cut'],
  ['Radar', 'Golden', ''],
  ['Anneke Bosman', 'Zomeravond aan Zee', 'Kustlicht'],
  ['Anneke Bosman', 'Zomer', 'Kustlicht'],
  ['De Zomers', 'Avondrood', ''],
  ['Acda en de Munnik', 'Het regent zonnestralen', ''],
  ['Danny Vera', 'Roller Coaster', ''],
  ['100%_Echt', 'Procenten', ''],
  ['Lieke Mulder', 'Een zomer lang', ''],
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  library = new LibrarySearchRepository(db);
  await db
    .insertInto('libraryTracks')
    .values(
      tracks.map(([artist, title, album], index) => ({
        source: SOURCE,
        mediaId: `/muziek/${artist} - ${title}.mp3`,
        path: `/muziek/${artist} - ${title}.mp3`,
        requestId: `/muziek/${artist} - ${title}.mp3`,
        artist,
        title,
        album,
        duration: 180 + index,
        requestable: title !== 'Twilight Zone',
      })),
    )
    .execute();
  // A vanished track and one of another source.
  await db
    .insertInto('libraryTracks')
    .values([
      {
        source: SOURCE,
        mediaId: 'weg',
        path: 'weg.mp3',
        artist: 'BLØF',
        title: 'Harder dan ik hebben kan',
        goneAt: new Date(),
      },
      {
        source: 'https://azuracast.test',
        mediaId: 'ander',
        path: 'a.mp3',
        artist: 'BLØF',
        title: 'Aan de kust',
      },
    ])
    .execute();
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const titles = async (query: Parameters<LibrarySearchRepository['search']>[0], limit?: number) =>
  (await library.search({ source: SOURCE, ...query }, limit)).map(
    (hit) => `${hit.artist} - ${hit.title} (${hit.match})`,
  );

describe('the library search', () => {
  it('finds "BLØF" for "blof", accents and case folded on both sides', async () => {
    expect(await titles({ artist: 'blof' })).toEqual(['BLØF - Zoutelande (exact)']);
    expect(await titles({ artist: 'BLØF', title: 'ZOUTELANDE' })).toEqual([
      'BLØF - Zoutelande (exact)',
    ]);
  });

  it('finds "Golden Earring" for "golden earing" and "Radar Love" for "radar"', async () => {
    expect(await titles({ artist: 'golden earing' })).toEqual([
      'Golden Earring - Radar Love (fuzzy)',
      'Golden Earring - Twilight Zone (fuzzy)',
    ]);
    expect(await titles({ title: 'radar' })).toEqual(['Golden Earring - Radar Love (prefix)']);
  });

  it('finds "Zomeravond aan Zee" for the typo "zomeravnd"', async () => {
    expect(await titles({ title: 'zomeravnd' })).toEqual([
      'Anneke Bosman - Zomeravond aan Zee (fuzzy)',
    ]);
    expect(await titles({ artist: 'anneke bosmann', title: 'zomeravnd aan zee' })).toEqual([
      'Anneke Bosman - Zomeravond aan Zee (fuzzy)',
    ]);
  });

  it('ranks exact before prefix before fuzzy', async () => {
    expect(await titles({ title: 'zomer' })).toEqual([
      'Anneke Bosman - Zomer (exact)',
      'Anneke Bosman - Zomeravond aan Zee (prefix)',
      'Lieke Mulder - Een zomer lang (fuzzy)',
    ]);
    expect(await titles({ artist: 'radar' })).toEqual(['Radar - Golden (exact)']);
    expect(await titles({ artist: 'golden earring' })).toEqual([
      'Golden Earring - Radar Love (exact)',
      'Golden Earring - Twilight Zone (exact)',
    ]);
    expect(await titles({ artist: 'golden earring', title: 'radar lov' })).toEqual([
      'Golden Earring - Radar Love (prefix)',
    ]);
    expect(await titles({ artist: 'de zomer' })).toEqual(['De Zomers - Avondrood (prefix)']);
  });

  it('needs every given field to match', async () => {
    expect(await titles({ artist: 'golden earring', title: 'zoutelande' })).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await titles({ artist: '100%_' })).toEqual(['100%_Echt - Procenten (prefix)']);
    expect(await titles({ artist: '%' })).toEqual([]);
  });

  it('never finds gone tracks; keeps to the source asked for', async () => {
    expect(await titles({ title: 'harder dan ik' })).toEqual([]);
    expect((await library.search({ artist: 'blof' })).map((hit) => hit.title).sort()).toEqual([
      'Aan de kust',
      'Zoutelande',
    ]);
  });

  it('answers nothing without artist or title, and at most the limit', async () => {
    expect(await library.search({ artist: '  ', title: '' })).toEqual([]);
    expect(await titles({ artist: 'golden earring' }, 1)).toHaveLength(1);
  });

  it('gives each hit its id, album, duration, path, requestability and request id', async () => {
    const [hit] = await library.search({ source: SOURCE, title: 'twilight zone' });
    expect(hit).toEqual({
      id: expect.any(Number),
      source: SOURCE,
      title: 'Twilight Zone',
      artist: 'Golden Earring',
      album: 'Cut',
      duration: 182,
      path: '/muziek/Golden Earring - Twilight Zone.mp3',
      requestable: false,
      requestId: '/muziek/Golden Earring - Twilight Zone.mp3',
      match: 'exact',
    });
    const { match: _match, ...track } = hit!;
    expect(await library.byId(hit!.id)).toEqual({ ...track, gone: false });
  });

  it('reads one track by id, gone ones too', async () => {
    const gone = await db
      .selectFrom('libraryTracks')
      .select('id')
      .where('mediaId', '=', 'weg')
      .executeTakeFirstOrThrow();
    expect(await library.byId(Number(gone.id))).toMatchObject({
      title: 'Harder dan ik hebben kan',
      gone: true,
    });
    expect(await library.byId(999_999)).toBeNull();
    expect(await library.byId(-1)).toBeNull();
  });
});
