import { describe, expect, it } from 'vitest';
import type { DjSettingsRow } from '@radio/db';
import { judgeSubmit, verdictsOf } from '../../src/requests/judge.ts';
import {
  judgeStatusChange,
  type StatusChangeFacts,
} from '../../src/requests/judge-status-change.ts';
import type { CandidateFacts, LimitFacts } from '../../src/requests/request-facts-repository.ts';
import {
  cooldownsOf,
  type Candidate,
  type Requester,
  type SubmitFacts,
  type SubmittedTrack,
} from '../../src/requests/judged-facts.ts';
import type { RequestRow } from '../../src/requests/requests-repository.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

const listener: Requester = {
  id: 7,
  role: 'listener',
  customRequestsPerHour: null,
  customRequestsPerDay: null,
  customCooldownMinutes: null,
  canBypassLimits: false,
};

const settings = {
  requestsEnabled: true,
  broadcastingMode: 'nonstop',
  trackCooldownHours: 3,
  artistCooldownHours: 1,
  deezerArl: 'a'.repeat(192),
  maxRequestsPerBrowser: 3,
  maxRequestsPerIp: 1000,
  nonstopUrl: null,
  nonstopApiKey: null,
} as unknown as DjSettingsRow;

const local = (id: number, title: string, artist: string, requestable = true): Candidate => ({
  source: 'local',
  libraryTrackId: id,
  title,
  artist,
  requestable,
});
const deezer = (readable: boolean): Candidate => ({
  source: 'deezer',
  deezerId: '3108251',
  title: 'Radar Love',
  artist: 'Golden Earring',
  readable,
});

const nothingKnown: CandidateFacts = {
  trackPlayedAt: null,
  artistPlayedAt: null,
  trackWaiting: false,
  waitingRequest: null,
  artistWaiting: false,
};
const noCounts: LimitFacts = {
  lastHour: 0,
  oldestInHour: null,
  lastDay: 0,
  oldestInDay: null,
  browserWaiting: [],
  ipWaiting: [],
};

/** Verdicts as the search gives them, of candidates whose facts are these. */
function judge(
  requester: Requester,
  candidates: Candidate[],
  facts: Partial<CandidateFacts>[],
  { deezerDownloader = true, rules = settings } = {},
) {
  return verdictsOf(
    rules,
    candidates,
    {
      cooldowns: cooldownsOf(requester, rules),
      deezerDownloader,
      facts: facts.map((fact) => ({ ...nothingKnown, ...fact })),
    },
    NOW,
  );
}

describe('the verdicts of the request rules', () => {
  it('refuses a track played within the track cooldown, saying when it is possible', () => {
    expect(
      judge(
        listener,
        [local(1, 'Radar Love', 'Golden Earring')],
        [{ trackPlayedAt: minutesAgo(100), artistPlayedAt: minutesAgo(100) }],
      ),
    ).toEqual([
      {
        available: false,
        code: 'TRACK_COOLDOWN',
        reason:
          'Dit nummer is onlangs gedraaid. Je kunt het over 1 uur en 20 minuten weer aanvragen.',
        retryAfterSeconds: 80 * 60,
      },
    ]);
    // After the cooldown no play is left in its window: free again.
    expect(judge(listener, [local(1, 'Radar Love', 'Golden Earring')], [{}])).toEqual([
      { available: true },
    ]);
  });

  it('uses the user’s own cooldown instead of the track cooldown', () => {
    expect(cooldownsOf({ ...listener, customCooldownMinutes: 30 }, settings)).toEqual({
      trackSeconds: 30 * 60,
      artistSeconds: 3600,
    });
    const long: Requester = { ...listener, customCooldownMinutes: 180 };
    const [verdict] = judge(
      long,
      [local(2, 'Zoutelande', 'BLØF')],
      [{ trackPlayedAt: minutesAgo(100) }],
    );
    expect(verdict).toMatchObject({ code: 'TRACK_COOLDOWN', retryAfterSeconds: 80 * 60 });
  });

  it('refuses another song of an artist played within the artist cooldown', () => {
    expect(
      judge(listener, [local(3, 'Laat me', 'Ramses Shaffy')], [{ artistPlayedAt: minutesAgo(48) }]),
    ).toEqual([
      {
        available: false,
        code: 'ARTIST_COOLDOWN',
        reason:
          'Er is onlangs een nummer van deze artiest gedraaid. Je kunt over 12 minuten weer een nummer van deze artiest aanvragen.',
        retryAfterSeconds: 12 * 60,
      },
    ]);
  });

  it('counts waiting requests: the track itself, and the artist', () => {
    const waiting = { id: 11, userId: 3, requestedAt: minutesAgo(5) };
    const candidates = [
      local(6, 'Een', 'Wachtband'),
      local(7, 'Twee', 'Wachtband'),
      local(8, 'Drie', 'Andere band'),
    ];
    const facts = [
      { trackWaiting: true, waitingRequest: waiting, artistWaiting: true },
      { artistWaiting: true },
      {},
    ];
    const verdicts = judge(listener, candidates, facts);
    expect(verdicts.map((v) => (v.available ? 'ok' : v.code))).toEqual([
      'ALREADY_WAITING',
      'ARTIST_COOLDOWN',
      'ok',
    ]);
    expect(verdicts[0]).toMatchObject({ reason: 'Dit nummer staat al in de wachtrij.' });
    // Bypassing skips cooldowns, never the waiting track.
    const admin: Requester = { ...listener, role: 'admin' };
    const adminVerdicts = judge(admin, candidates.slice(0, 2), facts.slice(0, 2));
    expect(adminVerdicts.map((v) => (v.available ? 'ok' : v.code))).toEqual([
      'ALREADY_WAITING',
      'ok',
    ]);
  });

  it('lets users who bypass limits request a track in its cooldown', () => {
    const bypass: Requester = { ...listener, canBypassLimits: true };
    expect(cooldownsOf(bypass, settings)).toEqual({ trackSeconds: 0, artistSeconds: 0 });
    expect(
      judge(bypass, [local(9, 'Bypass', 'Vrijbrief')], [{ trackPlayedAt: minutesAgo(5) }]),
    ).toEqual([{ available: true }]);
  });

  it('refuses tracks that are not requestable, and Deezer tracks that cannot be had', () => {
    const verdicts = judge(
      listener,
      [local(10, 'Alleen rotatie', 'X', false), deezer(false), deezer(true)],
      [{}, {}, {}],
    );
    expect(verdicts).toEqual([
      {
        available: false,
        code: 'NOT_REQUESTABLE',
        reason: 'Dit nummer kan niet worden aangevraagd.',
      },
      {
        available: false,
        code: 'DEEZER_NOT_READABLE',
        reason: 'Dit nummer is niet beschikbaar bij Deezer.',
      },
      { available: true },
    ]);

    // No downloader configured, or no ARL stored: Deezer requests are not possible now.
    const unavailable = {
      available: false,
      code: 'DEEZER_UNAVAILABLE',
      reason: 'Verzoekjes uit de Deezer-catalogus zijn op dit moment niet mogelijk.',
    };
    expect(judge(listener, [deezer(true)], [{}], { deezerDownloader: false })).toEqual([
      unavailable,
    ]);
    const noArl = { ...settings, deezerArl: null };
    expect(judge(listener, [deezer(true)], [{}], { rules: noArl })).toEqual([unavailable]);
  });
});

const track: SubmittedTrack = {
  source: 'local',
  libraryTrackId: 42,
  title: 'Zomeravond aan Zee',
  artist: 'Anneke Bosman',
  requestable: true,
  stationRequestId: null,
  album: null,
  duration: 200,
  filename: 'verzoek/Anneke Bosman - Zomeravond aan Zee.mp3',
};

/** A submit's facts: a listener asking for `track`, nothing in its way unless given. */
function submitFacts(
  changes: {
    settings?: Partial<DjSettingsRow>;
    requester?: Partial<Requester & { name: string }>;
    input?: SubmitFacts['input'];
    track?: SubmitFacts['track'];
    candidate?: Partial<CandidateFacts>;
    limits?: Partial<LimitFacts>;
    voiceMessageUsable?: boolean | null;
    airing?: [number, number][];
  } = {},
): SubmitFacts {
  const rules = { ...settings, ...changes.settings };
  const requester = { ...listener, name: 'Anneke', ...changes.requester };
  return {
    settings: rules,
    requester,
    client: { ip: '10.0.0.1', browserFingerprint: 'browser-1' },
    input: changes.input ?? { source: 'local', libraryTrackId: 42 },
    track: changes.track ?? { found: true, track },
    underLock: {
      cooldowns: cooldownsOf(requester, rules),
      deezerDownloader: false,
      facts: [{ ...nothingKnown, ...changes.candidate }],
      limits: { ...noCounts, ...changes.limits },
      voiceMessageUsable: changes.voiceMessageUsable ?? null,
      airing: new Map(changes.airing ?? []),
    },
  };
}

describe('the judgement of a submit', () => {
  it('accepts a library track: approved, with the row to write', () => {
    expect(judgeSubmit(submitFacts(), NOW)).toEqual({
      kind: 'accepted',
      toStation: false,
      request: expect.objectContaining({
        userId: 7,
        title: 'Zomeravond aan Zee',
        requesterName: 'Anneke',
        requesterIp: '10.0.0.1',
        browserFingerprint: 'browser-1',
        requestedAt: NOW,
        status: 'approved',
        source: 'local',
        libraryTrackId: 42,
        downloadStatus: 'not_needed',
        stationStep: null,
      }),
    });
  });

  it('holds a request with a voice message, and every request in live mode, for review', () => {
    const voicetrackUrl = '/files/voicetracks/7/a.webm';
    const voiced = judgeSubmit(
      submitFacts({ input: { source: 'local', voicetrackUrl }, voiceMessageUsable: true }),
      NOW,
    );
    expect(voiced).toMatchObject({
      kind: 'accepted',
      request: { status: 'pending', voicetrackUrl },
    });
    const live = judgeSubmit(submitFacts({ settings: { broadcastingMode: 'live' } }), NOW);
    expect(live).toMatchObject({ kind: 'accepted', request: { status: 'pending' } });
  });

  it('refuses with requests off, without a name, and without a track, in that order', () => {
    const off = submitFacts({ settings: { requestsEnabled: false }, requester: { name: ' ' } });
    expect(judgeSubmit(off, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'REQUESTS_DISABLED',
        message: 'Verzoekjes zijn momenteel uitgeschakeld.',
      },
    });
    const nameless = submitFacts({
      requester: { name: ' ' },
      track: { found: false, problem: 'no-track' },
    });
    expect(judgeSubmit(nameless, NOW)).toMatchObject({
      refusal: { status: 400, code: 'NAME_REQUIRED' },
    });
    const problems = [
      ['no-track', 400, 'TRACK_REQUIRED', 'Kies een nummer uit de bibliotheek of van Deezer.'],
      [
        'not-in-library',
        404,
        'TRACK_NOT_FOUND',
        'Dit nummer bestaat niet (meer) in de bibliotheek.',
      ],
      ['not-at-deezer', 404, 'TRACK_NOT_FOUND', 'Dit nummer is niet gevonden bij Deezer.'],
    ] as const;
    for (const [problem, status, code, message] of problems) {
      const { underLock: _none, ...facts } = submitFacts({ track: { found: false, problem } });
      expect(judgeSubmit(facts, NOW)).toEqual({
        kind: 'refused',
        refusal: { status, code, message },
      });
    }
    const unreachable = submitFacts({ track: { found: false, problem: 'deezer-unreachable' } });
    expect(judgeSubmit(unreachable, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 503,
        code: 'DEEZER_UNAVAILABLE',
        message: 'Deezer is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
        retryAfterSeconds: 60,
      },
    });
  });

  it('refuses the 4th request within an hour with the exact wait', () => {
    const full = submitFacts({ limits: { lastHour: 3, oldestInHour: minutesAgo(48), lastDay: 3 } });
    expect(judgeSubmit(full, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 429,
        code: 'HOURLY_LIMIT',
        message: 'Je kunt over 12 minuten weer een verzoekje indienen.',
        retryAfterSeconds: 720,
      },
    });
    const bypass = submitFacts({
      requester: { canBypassLimits: true },
      limits: { lastHour: 3, oldestInHour: minutesAgo(48) },
    });
    expect(judgeSubmit(bypass, NOW)).toMatchObject({ kind: 'accepted' });
  });

  it('applies a per-day limit of the user', () => {
    const facts = submitFacts({
      requester: { customRequestsPerHour: 10, customRequestsPerDay: 2 },
      limits: { lastHour: 0, lastDay: 2, oldestInDay: new Date(NOW.getTime() - 3 * 3_600_000) },
    });
    expect(judgeSubmit(facts, NOW)).toMatchObject({
      refusal: { status: 429, code: 'DAILY_LIMIT', retryAfterSeconds: 21 * 3600 },
    });
  });

  it('limits the waiting requests of one browser and of one address until the first has aired', () => {
    const browser = submitFacts({
      limits: { browserWaiting: [1, 2, 3] },
      airing: [
        [2, 200],
        [3, 400],
      ],
    });
    expect(judgeSubmit(browser, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 429,
        code: 'BROWSER_LIMIT',
        message:
          'Er staan al 3 verzoekjes van deze browser in de wachtrij. Je kunt over 4 minuten weer een verzoekje indienen.',
        retryAfterSeconds: 200,
      },
    });
    // None of them queued yet (held for review): an estimate.
    const address = submitFacts({
      settings: { maxRequestsPerIp: 4 },
      limits: { ipWaiting: [1, 2, 3, 4] },
    });
    expect(judgeSubmit(address, NOW)).toMatchObject({
      refusal: { code: 'IP_LIMIT', retryAfterSeconds: 15 * 60 },
    });
  });

  it('refuses a track waiting as another’s request until it aired and its cooldown passed', () => {
    const waiting = { id: 5, userId: 3, requestedAt: minutesAgo(0) };
    const facts = submitFacts({
      candidate: { trackWaiting: true, waitingRequest: waiting },
      airing: [[5, 200]],
    });
    expect(judgeSubmit(facts, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'ALREADY_WAITING',
        message: 'Dit nummer staat al in de wachtrij.',
        retryAfterSeconds: 200 + 3 * 3600,
      },
    });
  });

  it('answers a retried submit (the requester’s own, within a minute) with its request', () => {
    const own = { id: 5, userId: listener.id, requestedAt: minutesAgo(0.5) };
    const retried = submitFacts({ candidate: { trackWaiting: true, waitingRequest: own } });
    expect(judgeSubmit(retried, NOW)).toMatchObject({ kind: 'retried', requestId: 5 });
    const later = { ...own, requestedAt: minutesAgo(2) };
    const again = submitFacts({ candidate: { trackWaiting: true, waitingRequest: later } });
    expect(judgeSubmit(again, NOW)).toMatchObject({ refusal: { code: 'ALREADY_WAITING' } });
  });

  it('takes only a usable voice message', () => {
    const facts = submitFacts({
      input: { source: 'local', voicetrackUrl: '/files/voicetracks/7/old.webm' },
      voiceMessageUsable: false,
    });
    expect(judgeSubmit(facts, NOW)).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'VOICE_MESSAGE_UNAVAILABLE',
        message:
          'Je spraakbericht is niet meer te gebruiken (verlopen of al verstuurd). Neem het opnieuw op.',
      },
    });
  });

  it('claims an AzuraCast station’s track for its request API, and refuses it without a station', () => {
    const stationTrack = { found: true as const, track: { ...track, stationRequestId: 'abc' } };
    const azuracast = { nonstopUrl: 'https://radio.example/api/nowplaying/1', nonstopApiKey: 'k' };
    expect(
      judgeSubmit(submitFacts({ track: stationTrack, settings: azuracast }), NOW),
    ).toMatchObject({
      kind: 'accepted',
      toStation: true,
      request: { stationClaimedAt: NOW, stationStep: 'to_submit' },
    });
    expect(judgeSubmit(submitFacts({ track: stationTrack }), NOW)).toMatchObject({
      refusal: { status: 409, code: 'NOT_AVAILABLE' },
    });
  });
});

describe('the judgement of an admin’s status change', () => {
  const row = (status: RequestRow['status']) =>
    ({ id: 1, status, libraryTrackId: '42', stationSubmittedAt: null }) as RequestRow;
  const change = (facts: Partial<StatusChangeFacts>) =>
    judgeStatusChange(
      {
        current: row('pending'),
        status: 'approved',
        reviewer: { name: ' ', email: 'dj@radio.test' },
        settings,
        stationRequestId: null,
        ...facts,
      },
      NOW,
    );

  it('approves a pending request: placed in nonstop, reviewed by the admin', () => {
    expect(change({})).toEqual({
      kind: 'changed',
      previousStatus: 'pending',
      changes: { status: 'approved', reviewedBy: 'dj@radio.test', reviewedAt: NOW },
      queue: 'place',
      toStation: null,
    });
    const live = { ...settings, broadcastingMode: 'live' } as DjSettingsRow;
    expect(change({ settings: live })).toMatchObject({ queue: 'keep' });
  });

  it('takes a rejected request out of the queue and stamps a played one', () => {
    expect(change({ current: row('approved'), status: 'rejected' })).toMatchObject({
      queue: 'remove',
      previousStatus: 'approved',
    });
    expect(change({ status: 'played' })).toMatchObject({ changes: { playedAt: NOW } });
  });

  it('allows only sensible transitions', () => {
    expect(change({ current: row('rejected') })).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'INVALID_TRANSITION',
        message: 'Een verzoekje met status rejected kan niet naar approved.',
      },
    });
    expect(change({ current: undefined })).toEqual({
      kind: 'refused',
      refusal: { status: 404, code: 'NOT_FOUND', message: 'Dit verzoekje bestaat niet.' },
    });
  });

  it('sends an approved AzuraCast track to the station, never without one', () => {
    expect(change({ stationRequestId: 'abc' })).toMatchObject({
      refusal: { status: 409, code: 'NOT_AVAILABLE' },
    });
    const azuracast = {
      ...settings,
      nonstopUrl: 'https://radio.example/api/nowplaying/1',
      nonstopApiKey: 'k',
    } as DjSettingsRow;
    expect(change({ stationRequestId: 'abc', settings: azuracast })).toMatchObject({
      toStation: { stationRequestId: 'abc' },
      changes: { stationStep: 'to_submit', stationClaimedAt: NOW },
    });
  });
});
