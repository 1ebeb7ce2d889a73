// GET /api/search on real Postgres and Redis, with Deezer faked at the HTTP boundary.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEEZER_DOWNLOADER_KEY, type TrackSearchResponse } from '@radio/contracts';
import { createTestApp, type TestApp, type TestClient } from '@radio/service-kit/testing';
import { startFakeDeezer, type FakeDeezer } from '@radio/testing';
import { buildRequestsAppWith } from '../build.ts';
import { seedPlay, seedTrack, updateSettings } from '../requests/seed.ts';

let t: TestApp;
let deezer: FakeDeezer;
let now = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  deezer = await startFakeDeezer();
  t = await createTestApp(buildRequestsAppWith({ clock: () => now }), {
    DEEZER_API_URL: deezer.url,
  });
});
afterAll(async () => {
  await t.close();
  await deezer.close();
});
beforeEach(async () => {
  deezer.reset();
  await t.app.db.deleteFrom('automationQueue').execute();
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('playHistory').execute();
  await t.app.db.deleteFrom('libraryTracks').execute();
  await t.app.redis.flushdb();
  await t.app.redis.set(DEEZER_DOWNLOADER_KEY, '1');
  await updateSettings(t.app.db, {
    requestsEnabled: true,
    broadcastingMode: 'nonstop',
    deezerArl: 'a'.repeat(192),
  });
  now = new Date(now.getTime() + 86_400_000);
});

async function listener(): Promise<TestClient> {
  return t.clientFor(await t.createUser({ name: 'Sanne' }));
}

async function search(client: TestClient, query: Record<string, string>) {
  const response = await client.request({
    method: 'GET',
    url: `/api/search?${new URLSearchParams(query)}`,
  });
  return {
    status: response.statusCode,
    body: response.json() as TrackSearchResponse & { message?: string },
    headers: response.headers,
  };
}

describe('GET /api/search', () => {
  it('needs an artist or a title, in Dutch', async () => {
    const client = await listener();
    for (const query of [{}, { artist: '  ', title: '' }] as Record<string, string>[]) {
      const answer = await search(client, query);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Voer minimaal een artiest of titel in.');
    }
    expect(deezer.calls).toBe(0);
  });

  it('lists library tracks first, then the catalogue, and a Deezer hit that is in the library once, as the library track', async () => {
    const radarLove = await seedTrack(t.app.db, {
      artist: 'Golden Earring',
      title: 'Radar Love',
      album: 'Moontan',
      duration: 386,
    });
    await seedTrack(t.app.db, { artist: 'BLØF', title: 'Zoutelande' });
    const answer = await search(await listener(), { artist: 'golden earing', title: 'radar' });
    expect(answer.status).toBe(200);
    expect(answer.body.catalogueSearched).toBe(true);
    expect(answer.body.total).toBe(answer.body.data.length);
    expect(answer.body.data.map((r) => [r.source, r.title])).toEqual([
      ['local', 'Radar Love'],
      ['deezer', 'Radar Love (Single Edit)'],
      ['deezer', 'Radar Love (Live)'],
      ['deezer', 'Radar Love (Unplugged)'],
    ]);
    expect(answer.body.data[0]).toMatchObject({
      libraryTrackId: radarLove,
      available: true,
      album: 'Moontan',
      duration: 386,
    });
    expect(answer.body.data[1]).toMatchObject({ deezer_id: '3108262', available: true });
  });

  it('says why a result cannot be requested, by the rules a request is refused by', async () => {
    await seedTrack(t.app.db, { artist: 'Golden Earring', title: 'Radar Love' });
    await seedTrack(t.app.db, {
      artist: 'Golden Earring',
      title: 'Twilight Zone',
      requestable: false,
    });
    await seedPlay(t.app.db, {
      artist: 'Golden Earring',
      title: 'Radar Love',
      playedAt: new Date(now.getTime() - 30 * 60_000),
    });
    const answer = await search(await listener(), { artist: 'Golden Earring' });
    const byTitle = new Map(answer.body.data.map((r) => [`${r.source} ${r.title}`, r]));
    expect(byTitle.get('local Radar Love')).toMatchObject({
      available: false,
      reason:
        'Dit nummer is onlangs gedraaid. Je kunt het over 2 uur en 30 minuten weer aanvragen.',
      retryAfter: 9000,
    });
    expect(byTitle.get('local Twilight Zone')).toMatchObject({
      available: false,
      reason: 'Dit nummer kan niet worden aangevraagd.',
    });
    // The artist played half an hour ago: Deezer's tracks of the artist wait for its cooldown.
    expect(byTitle.get('deezer Radar Love (Live)')).toMatchObject({
      available: false,
      reason:
        'Er is onlangs een nummer van deze artiest gedraaid. Je kunt over 30 minuten weer een nummer van deze artiest aanvragen.',
    });
  });

  it('shows Deezer tracks as not requestable while no worker can fetch them', async () => {
    const client = await listener();
    expect((await search(client, { artist: 'Golden Earring' })).body.data[0]).toMatchObject({
      source: 'deezer',
      available: true,
    });
    await t.app.redis.del(DEEZER_DOWNLOADER_KEY);
    expect((await search(client, { artist: 'Golden Earring' })).body.data[0]).toMatchObject({
      source: 'deezer',
      available: false,
      reason: 'Verzoekjes uit de Deezer-catalogus zijn op dit moment niet mogelijk.',
    });
  });

  it('answers the library results with a flag when Deezer fails, and asks Deezer once per query', async () => {
    await seedTrack(t.app.db, { artist: 'Golden Earring', title: 'Radar Love' });
    const client = await listener();
    // A failure Deezer's client does not retry (a quota answer is retried after 5 s: the
    // catalogue's tests show that).
    deezer.use('server-error');
    const failed = await search(client, { title: 'radar love' });
    expect(failed.status).toBe(200);
    expect(failed.body.catalogueSearched).toBe(false);
    expect(failed.body.data.map((r) => r.source)).toEqual(['local']);

    deezer.use('ok');
    const first = await search(client, { title: 'Radar Love ' });
    const second = await search(client, { title: 'radar love' });
    expect(first.body.catalogueSearched).toBe(true);
    expect(second.body.data).toEqual(first.body.data);
    expect(deezer.calls).toBe(2); // the failed call and the first good one: the second is cached
  });

  it("lets a listener search at a person's pace and stops a script with the wait in Dutch", async () => {
    const client = await listener();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof search>> | undefined;
    for (let i = 0; i < 31; i += 1) {
      const answer = await search(client, { artist: `artiest ${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(refused?.body.message).toMatch(
      /^Je zoekt te vaak achter elkaar\. Probeer het over \d+ seconden? opnieuw\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another listener is not slowed by it.
    expect((await search(await listener(), { artist: 'iemand' })).status).toBe(200);
  });
});
