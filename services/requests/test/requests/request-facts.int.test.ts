import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { verdictsOf } from '../../src/requests/judge.ts';
import { RequestFactsRepository } from '../../src/requests/request-facts-repository.ts';
import type { Candidate, Requester } from '../../src/requests/judged-facts.ts';
import { RequestFacts } from '../../src/requests/request-facts.ts';
import { SettingsRepository } from '../../src/settings/settings-repository.ts';
import { buildRequestsApp } from '../build.ts';
import { seedPlay, seedTrack, updateSettings } from './seed.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

const listener: Requester = {
  id: 0,
  role: 'listener',
  customRequestsPerHour: null,
  customRequestsPerDay: null,
  customCooldownMinutes: null,
  canBypassLimits: false,
};

let t: TestApp;

/** The search's verdicts: the candidates' facts as loaded from the database, judged. */
const rules = {
  async judge(requester: Requester, candidates: Candidate[], now: Date) {
    const settings = await new SettingsRepository(t.app.db).get();
    const facts = new RequestFacts({
      repository: new RequestFactsRepository(t.app.db),
      queue: { stationRequestIdOf: () => null, waitingRequests: async () => [] },
      nowPlaying: { remainingSeconds: async () => 0 },
      settings: async () => settings,
      lookupDeezerTrack: async () => null,
      deezerDownloaderAvailable: async () => true,
    });
    const loaded = await facts.ofCandidates(requester, candidates, now, settings);
    return verdictsOf(settings, candidates, loaded, now);
  },
};

const local = (id: number, title: string, artist: string, requestable = true): Candidate => ({
  source: 'local',
  libraryTrackId: id,
  title,
  artist,
  requestable,
});

beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('songRequests').execute();
  await t.app.db.deleteFrom('playHistory').execute();
  await updateSettings(t.app.db, {
    trackCooldownHours: 3,
    artistCooldownHours: 1,
    deezerArl: 'a'.repeat(192),
  });
});

describe('the facts of the request rules, from the database', () => {
  it('refuses a track played within the track cooldown, saying when it is possible', async () => {
    const id = await seedTrack(t.app.db, { title: 'Radar Love', artist: 'Golden Earring' });
    // Accents and case do not make it another song.
    await seedPlay(t.app.db, {
      title: 'RADAR LOVE',
      artist: 'Golden Earring',
      playedAt: minutesAgo(100),
    });
    const [verdict] = await rules.judge(listener, [local(id, 'Radar Love', 'Golden Earring')], NOW);
    expect(verdict).toEqual({
      available: false,
      code: 'TRACK_COOLDOWN',
      reason:
        'Dit nummer is onlangs gedraaid. Je kunt het over 1 uur en 20 minuten weer aanvragen.',
      retryAfterSeconds: 80 * 60,
    });
    // After the cooldown it is free again.
    const later = new Date(NOW.getTime() + 81 * 60_000);
    expect(await rules.judge(listener, [local(id, 'Radar Love', 'Golden Earring')], later)).toEqual(
      [{ available: true }],
    );
  });

  it('uses the user’s own cooldown instead of the track cooldown', async () => {
    const id = await seedTrack(t.app.db, { title: 'Zoutelande', artist: 'BLØF' });
    await seedPlay(t.app.db, { title: 'Zoutelande', artist: 'Blof', playedAt: minutesAgo(100) });
    const short: Requester = { ...listener, customCooldownMinutes: 30 };
    // Artist cooldown (1 h) has passed too: 100 minutes ago.
    expect(await rules.judge(short, [local(id, 'Zoutelande', 'BLØF')], NOW)).toEqual([
      { available: true },
    ]);
    const long: Requester = { ...listener, customCooldownMinutes: 180 };
    const [verdict] = await rules.judge(long, [local(id, 'Zoutelande', 'BLØF')], NOW);
    expect(verdict).toMatchObject({ code: 'TRACK_COOLDOWN', retryAfterSeconds: 80 * 60 });
  });

  it('refuses another song of an artist played within the artist cooldown', async () => {
    const id = await seedTrack(t.app.db, { title: 'Laat me', artist: 'Ramses Shaffy' });
    await seedPlay(t.app.db, {
      title: 'Zing, vecht',
      artist: 'Ramses Shaffy',
      playedAt: minutesAgo(48),
    });
    const [verdict] = await rules.judge(listener, [local(id, 'Laat me', 'Ramses Shaffy')], NOW);
    expect(verdict).toEqual({
      available: false,
      code: 'ARTIST_COOLDOWN',
      reason:
        'Er is onlangs een nummer van deze artiest gedraaid. Je kunt over 12 minuten weer een nummer van deze artiest aanvragen.',
      retryAfterSeconds: 12 * 60,
    });
  });

  it('counts a request the station reported as started before its play reaches play_history', async () => {
    const id = await seedTrack(t.app.db, { title: 'Net begonnen', artist: 'Gatband' });
    const other = await seedTrack(t.app.db, { title: 'Ander nummer', artist: 'Gatband' });
    // The airing marks the request played at once; the worker's next now-playing poll (up to
    // INGEST_INTERVAL_SECONDS later) writes the play. In between, nothing lets it in again.
    await t.app.db
      .insertInto('songRequests')
      .values({
        title: 'Net begonnen',
        artist: 'Gatband',
        requesterName: 'Iemand',
        status: 'played',
        playedAt: minutesAgo(1),
        libraryTrackId: id,
      })
      .execute();
    const verdicts = await rules.judge(
      listener,
      [local(id, 'Net begonnen', 'Gatband'), local(other, 'Ander nummer', 'Gatband')],
      NOW,
    );
    expect(verdicts).toEqual([
      {
        available: false,
        code: 'TRACK_COOLDOWN',
        reason:
          'Dit nummer is onlangs gedraaid. Je kunt het over 2 uur en 59 minuten weer aanvragen.',
        retryAfterSeconds: 179 * 60,
      },
      {
        available: false,
        code: 'ARTIST_COOLDOWN',
        reason:
          'Er is onlangs een nummer van deze artiest gedraaid. Je kunt over 59 minuten weer een nummer van deze artiest aanvragen.',
        retryAfterSeconds: 59 * 60,
      },
    ]);
  });

  it('counts waiting requests: the track itself, and the artist', async () => {
    const a = await seedTrack(t.app.db, { title: 'Een', artist: 'Wachtband' });
    const b = await seedTrack(t.app.db, { title: 'Twee', artist: 'Wachtband' });
    const c = await seedTrack(t.app.db, { title: 'Drie', artist: 'Andere band' });
    await t.app.db
      .insertInto('songRequests')
      .values({
        title: 'Een',
        artist: 'Wachtband',
        requesterName: 'Iemand',
        status: 'approved',
        libraryTrackId: a,
      })
      .execute();
    const verdicts = await rules.judge(
      listener,
      [
        local(a, 'Een', 'Wachtband'),
        local(b, 'Twee', 'Wachtband'),
        local(c, 'Drie', 'Andere band'),
      ],
      NOW,
    );
    expect(verdicts.map((v) => (v.available ? 'ok' : v.code))).toEqual([
      'ALREADY_WAITING',
      'ARTIST_COOLDOWN',
      'ok',
    ]);
    expect(verdicts[0]).toMatchObject({ reason: 'Dit nummer staat al in de wachtrij.' });
    // Bypassing skips cooldowns, never the waiting track.
    const admin: Requester = { ...listener, role: 'admin' };
    const adminVerdicts = await rules.judge(
      admin,
      [local(a, 'Een', 'Wachtband'), local(b, 'Twee', 'Wachtband')],
      NOW,
    );
    expect(adminVerdicts.map((v) => (v.available ? 'ok' : v.code))).toEqual([
      'ALREADY_WAITING',
      'ok',
    ]);
  });

  it('judges 50 candidates at once', async () => {
    const candidates: Candidate[] = [];
    for (let i = 0; i < 50; i += 1) {
      candidates.push(local(await seedTrack(t.app.db), `Liedje ${i}`, `Band ${i % 10}`));
    }
    await seedPlay(t.app.db, { title: 'Iets', artist: 'Band 3', playedAt: minutesAgo(10) });
    const verdicts = await rules.judge(listener, candidates, NOW);
    expect(verdicts).toHaveLength(50);
    expect(verdicts.filter((v) => !v.available)).toHaveLength(5);
  });
});
