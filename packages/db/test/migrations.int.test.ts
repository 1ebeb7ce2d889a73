import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrateDown, migrateToLatest, type Db } from '@radio/db';
import { createTestDatabase, type TestDatabase } from '@radio/testing';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
});
afterAll(async () => {
  await db.destroy();
  await testDb.drop();
});

describe('library tracks', () => {
  it('keeps accent-free lower-case search columns that trigram matching finds with typos', async () => {
    await db
      .insertInto('libraryTracks')
      .values([
        {
          source: 'built-in',
          mediaId: 'a.mp3',
          path: 'a.mp3',
          artist: 'BLØF',
          title: 'Zoutelande',
        },
        {
          source: 'built-in',
          mediaId: 'b.mp3',
          path: 'b.mp3',
          artist: 'Golden Earring',
          title: 'Radar Love',
        },
      ])
      .execute();
    const folded = await db
      .selectFrom('libraryTracks')
      .select(['searchArtist', 'searchTitle'])
      .orderBy('mediaId')
      .execute();
    expect(folded).toEqual([
      { searchArtist: 'blof', searchTitle: 'zoutelande' },
      { searchArtist: 'golden earring', searchTitle: 'radar love' },
    ]);
    const typo = await db
      .selectFrom('libraryTracks')
      .select('title')
      .where(sql<boolean>`search_artist % library_fold(${'golden earing'})`)
      .execute();
    expect(typo).toEqual([{ title: 'Radar Love' }]);
    await expect(
      db
        .insertInto('libraryTracks')
        .values({ source: 'built-in', mediaId: 'a.mp3', path: 'x' })
        .execute(),
    ).rejects.toThrow(/library_tracks_source_media_id_key/);
  });
});

describe('initial schema', () => {
  it('seeds one settings row with the spec defaults', async () => {
    const settings = await db.selectFrom('djSettings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      maxRequestsPerIp: 10,
      maxRequestsPerBrowser: 3,
      requestsEnabled: true,
      registrationEnabled: false,
      broadcastingMode: 'nonstop',
      trackCooldownHours: 3,
      artistCooldownHours: 1,
    });
    expect(settings.localStreamUrl.endsWith('radio.m3u8')).toBe(true);
    await expect(db.insertInto('djSettings').values({ id: 2 }).execute()).rejects.toThrow();
  });

  it('keeps e-mail unique ignoring case and roles to listener or admin', async () => {
    await db.insertInto('users').values({ email: 'Dj@Radio.nl', passwordHash: 'x' }).execute();
    await expect(
      db.insertInto('users').values({ email: 'dj@radio.NL', passwordHash: 'y' }).execute(),
    ).rejects.toThrow(/users_email_lower_unique/);
    await expect(
      db
        .insertInto('users')
        .values({ email: 'x@radio.nl', passwordHash: 'y', role: 'dj' as 'admin' })
        .execute(),
    ).rejects.toThrow(/users_role_check/);
    await expect(
      db
        .insertInto('users')
        .values({ email: 'y@radio.nl', passwordHash: 'y', customRequestsPerDay: -1 })
        .execute(),
    ).rejects.toThrow(/users_limits_non_negative/);
  });

  it('derives the session owner from the stored session', async () => {
    await db
      .insertInto('sessions')
      .values({ sid: 's1', sess: JSON.stringify({ userId: 7 }), expire: new Date() })
      .execute();
    const row = await db
      .selectFrom('sessions')
      .select('userId')
      .where('sid', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(7);
  });

  it('keeps a play unique per station source, not across sources', async () => {
    const play = { azuracastId: 482913, title: 'Zoutelande', artist: 'BLØF', playedAt: new Date() };
    await db
      .insertInto('playHistory')
      .values({ ...play, source: 'https://a.example' })
      .execute();
    await db
      .insertInto('playHistory')
      .values({ ...play, source: 'https://b.example' })
      .execute();
    await expect(
      db
        .insertInto('playHistory')
        .values({ ...play, source: 'https://a.example' })
        .execute(),
    ).rejects.toThrow(/play_history_source_azuracast_id_key/);
  });

  it('migrates down and up again', async () => {
    await db.deleteFrom('playHistory').execute();
    let undone = 0;
    while ((await migrateDown(db as never)).length > 0) undone += 1;
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'users'`.execute(
      db,
    );
    expect(rows[0]?.n).toBe(0);
    expect(undone).toBeGreaterThanOrEqual(2);
    expect(await migrateToLatest(db as never)).toHaveLength(undone);
  });
});

describe('cloud uploads: measured facts', () => {
  const MIGRATION = '2026-11-27T19-00-00_cloud-uploads-measured-facts';

  it('repairs a duration of Infinity or NaN and a bitrate out of range to unknown, then refuses them', async () => {
    // Back to the database before the checks.
    let undone: string[];
    do undone = await migrateDown(db as never);
    while (undone.length > 0 && !undone.includes(MIGRATION));
    expect(undone).toContain(MIGRATION);
    const upload = (artist: string, durationSeconds: number, bitrateKbps: number) => ({
      artist,
      title: 'Avond',
      originalName: 'avond.wav',
      submittedBy: 'Luisteraar',
      objectKey: `cloud-uploads/${artist}.wav`,
      contentType: 'audio/wav',
      sizeBytes: 16_044,
      durationSeconds,
      bitrateKbps,
    });
    await db
      .insertInto('cloudUploads')
      .values([
        upload('a-oneindig', Infinity, 64),
        upload('b-nan', Number.NaN, 64),
        upload('c-te-snel', 2, 2_000_000_000),
        upload('d-gewoon', 180.5, 192),
      ])
      .execute();
    await migrateToLatest(db as never);
    const rows = await db
      .selectFrom('cloudUploads')
      .select(['artist', 'durationSeconds', 'bitrateKbps'])
      .orderBy('objectKey')
      .execute();
    expect(rows).toEqual([
      { artist: 'a-oneindig', durationSeconds: null, bitrateKbps: 64 },
      { artist: 'b-nan', durationSeconds: null, bitrateKbps: 64 },
      { artist: 'c-te-snel', durationSeconds: 2, bitrateKbps: null },
      { artist: 'd-gewoon', durationSeconds: 180.5, bitrateKbps: 192 },
    ]);
    await expect(
      sql`update cloud_uploads set duration_seconds = 'Infinity'`.execute(db),
    ).rejects.toThrow(/cloud_uploads_duration_in_range/);
    await db.deleteFrom('cloudUploads').execute();
  });
});

describe('cloud uploads: visible names', () => {
  it('removes bidi controls from the names and tags stored before', async () => {
    let undone: string[];
    do undone = await migrateDown(db as never);
    while (
      undone.length > 0 &&
      !undone.includes('2026-11-27T19-10-00_cloud-uploads-visible-names')
    );
    await db
      .insertInto('cloudUploads')
      .values({
        artist: 'De Dijk',
        title: 'Avond',
        originalName: 'liedje\u202Egpj.mp3',
        submittedBy: 'Luisteraar',
        objectKey: 'cloud-uploads/omgekeerd.mp3',
        contentType: 'audio/mpeg',
        sizeBytes: 81_128,
        tagTitle: 'Avond\u2067 \u200fnacht',
      })
      .execute();
    await migrateToLatest(db as never);
    expect(
      await db.selectFrom('cloudUploads').select(['originalName', 'tagTitle']).execute(),
    ).toEqual([{ originalName: 'liedjegpj.mp3', tagTitle: 'Avond nacht' }]);
    await db.deleteFrom('cloudUploads').execute();
  });
});
