import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_DEEZER_TRACK_ID, startFakeDeezer, type FakeDeezer } from '@radio/testing';
import {
  DEEZER_CALL_BUDGET_MS,
  DEEZER_RETRY_DELAYS_MS,
  DEEZER_TIMEOUT_MS,
  DeezerApi,
  DeezerApiError,
  deezerAdvancedQuery,
  type DeezerApiOptions,
  type DeezerFailureKind,
} from '../../src/deezer/deezer-api.ts';

let deezer: FakeDeezer;
let api: DeezerApi;
let clock: FakeClock;

/** A clock that only moves when the client waits: the waits are recorded, not slept. */
interface FakeClock {
  sleeps: number[];
  now(): number;
  sleep(ms: number): Promise<void>;
}
function fakeClock(): FakeClock {
  let time = 1_700_000_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

function client(options: DeezerApiOptions = {}): DeezerApi {
  return new DeezerApi({
    baseUrl: `${deezer.url}/`,
    timeoutMs: 300,
    now: clock.now,
    sleep: clock.sleep,
    ...options,
  });
}

beforeAll(async () => {
  deezer = await startFakeDeezer();
});
afterAll(() => deezer.close());
beforeEach(() => {
  deezer.reset();
  clock = fakeClock();
  api = client();
});

async function failureOf(call: Promise<unknown>): Promise<DeezerApiError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeezerApiError);
  return error as DeezerApiError;
}

describe('the advanced query', () => {
  it('names the fields it has, quoted', () => {
    expect(deezerAdvancedQuery({ artist: 'Golden Earring', title: 'Radar Love' })).toBe(
      'artist:"Golden Earring" track:"Radar Love"',
    );
    expect(deezerAdvancedQuery({ title: ' Zoutelande ' })).toBe('track:"Zoutelande"');
    expect(deezerAdvancedQuery({ artist: '  ', title: '' })).toBe('');
  });

  it('keeps a quote in a value from ending it (no extra fields smuggled in)', () => {
    expect(deezerAdvancedQuery({ artist: 'x" album:"y', title: 'a\\"b' })).toBe(
      'artist:"x album: y" track:"a b"',
    );
  });
});

describe('search', () => {
  it('sends the advanced query and maps the tracks', async () => {
    const tracks = await api.search({ artist: 'Golden Earring', title: 'Radar Love' });
    expect(deezer.requests[0]?.path).toBe('/search');
    expect(deezer.requests[0]?.query).toEqual({
      q: 'artist:"Golden Earring" track:"Radar Love"',
      limit: '25',
    });
    expect(tracks).toHaveLength(4);
    expect(tracks[0]).toEqual({
      id: FAKE_DEEZER_TRACK_ID,
      title: 'Radar Love',
      artist: 'Golden Earring',
      album: 'Moontan',
      duration: 386,
      readable: true,
      link: 'https://www.deezer.com/track/3108251',
      preview: expect.stringContaining('.mp3'),
      cover: expect.stringContaining('250x250'),
      isrc: null,
    });
  });

  it('answers an empty result as no tracks, and asks nothing for an empty query', async () => {
    deezer.use('empty');
    expect(await api.search({ title: 'Bestaat niet' })).toEqual([]);
    expect(await api.search({ title: ' ' })).toEqual([]);
    expect(deezer.calls).toBe(1);
  });
});

describe('track', () => {
  it('reads one track, with its ISRC', async () => {
    expect(await api.track(FAKE_DEEZER_TRACK_ID)).toMatchObject({
      id: FAKE_DEEZER_TRACK_ID,
      title: 'Radar Love',
      isrc: 'NLA017300021',
    });
  });

  it('reports an unknown id ("no data", code 800) and a malformed one as not-found', async () => {
    expect(await failureOf(api.track('42'))).toMatchObject({ kind: 'not-found', code: 800 });
    expect((await failureOf(api.track('1/../search'))).kind).toBe('not-found');
    expect(deezer.calls).toBe(1);
  });
});

describe("Deezer's failures, each one typed failure", () => {
  const cases: [string, () => void, DeezerFailureKind, number | null][] = [
    ['the quota error (HTTP 200, code 4)', () => deezer.use('quota'), 'quota', 4],
    ['"service busy" (HTTP 200, code 700)', () => deezer.use('busy'), 'busy', 700],
    ['"no data" on a search', () => deezer.use('no-data'), 'not-found', 800],
    ['HTTP 500', () => deezer.use('server-error'), 'http', 500],
    ['a body that is not JSON', () => deezer.use('junk'), 'invalid', null],
    ['no answer within the timeout', () => void (deezer.delayMs = 1_000), 'timeout', null],
  ];
  it.each(cases)('%s', async (_name, arrange, kind, code) => {
    arrange();
    const failure = await failureOf(api.search({ artist: 'Golden Earring' }));
    expect(failure).toMatchObject({ kind, code });
  });

  it('reports a closed port as a network failure', async () => {
    const closed = new DeezerApi({ baseUrl: 'http://127.0.0.1:1' });
    expect((await failureOf(closed.search({ title: 'x' }))).kind).toBe('network');
  });

  it('waits 3 s by default', () => {
    expect(DEEZER_TIMEOUT_MS).toBe(3_000);
  });
});

describe('codes 4 and 700: waited for and asked again, as deemix does, but bounded', () => {
  const radarLove = { artist: 'Golden Earring', title: 'Radar Love' };

  it('waits 5 s (deemix’s wait, Deezer’s quota window) once, within a 10-s budget', () => {
    expect(DEEZER_RETRY_DELAYS_MS).toEqual([5_000]);
    expect(DEEZER_CALL_BUDGET_MS).toBe(10_000);
  });

  it('answers a search that met one quota answer after the wait, with the same query', async () => {
    deezer.failNext(4);
    const tracks = await api.search(radarLove);
    expect(tracks.map((track) => track.title)[0]).toBe('Radar Love');
    expect(clock.sleeps).toEqual([5_000]);
    expect(deezer.calls).toBe(2);
    expect(deezer.requests[1]?.query).toEqual(deezer.requests[0]?.query);
  });

  it('answers a track lookup that met one "service busy" answer after the wait', async () => {
    deezer.failNext(700);
    expect(await api.track(FAKE_DEEZER_TRACK_ID)).toMatchObject({ title: 'Radar Love' });
    expect(clock.sleeps).toEqual([5_000]);
    expect(deezer.calls).toBe(2);
  });

  it.each([
    [4, 'quota'],
    [700, 'busy'],
  ] as const)(
    'gives up on a code %i that stays, after 2 tries and one wait',
    async (code, kind) => {
      deezer.failNext(code, 10);
      const failure = await failureOf(api.search(radarLove));
      expect(failure).toMatchObject({ kind, code });
      expect(failure.message).toMatch(
        new RegExp(`^Deezer /search: error ${code} .+ \\(still after 2 tries\\)$`),
      );
      expect(deezer.calls).toBe(1 + DEEZER_RETRY_DELAYS_MS.length);
      expect(clock.sleeps).toEqual([5_000]);
    },
  );

  it('retries no other failure', async () => {
    for (const variant of ['no-data', 'server-error', 'junk'] as const) {
      deezer.reset();
      deezer.use(variant);
      await failureOf(api.search(radarLove));
      expect(deezer.calls).toBe(1);
    }
    expect(clock.sleeps).toEqual([]);
  });

  it('starts no wait that would end past the budget', async () => {
    const patient = client({ retryDelaysMs: [5_000, 5_000, 5_000] });
    deezer.use('busy');
    expect((await failureOf(patient.search(radarLove))).kind).toBe('busy');
    // 0 s: first try; 5 s: second; a third wait would end at 10 s, the budget's end.
    expect(clock.sleeps).toEqual([5_000]);
    expect(deezer.calls).toBe(2);
  });

  it('respects the caller’s deadline: no wait that ends past it', async () => {
    deezer.failNext(4);
    const failure = await failureOf(
      api.search(radarLove, undefined, { deadline: clock.now() + 3_000 }),
    );
    expect(failure).toMatchObject({
      kind: 'quota',
      code: 4,
      message: 'Deezer /search: error 4 Quota limit exceeded',
    });
    expect(clock.sleeps).toEqual([]);
    expect(deezer.calls).toBe(1);
  });

  it('asks nothing once the deadline has passed', async () => {
    expect(
      (await failureOf(api.search(radarLove, undefined, { deadline: clock.now() }))).kind,
    ).toBe('timeout');
    expect(deezer.calls).toBe(0);
  });

  it('asks mayRetry after the wait: false ends with Deezer’s answer, true asks again', async () => {
    deezer.failNext(4, 2);
    const refused = await failureOf(
      api.search(radarLove, undefined, { mayRetry: async () => false }),
    );
    expect(refused).toMatchObject({ kind: 'quota', code: 4 });
    expect(deezer.calls).toBe(1);
    let asked = 0;
    const tracks = await api.search(radarLove, undefined, {
      mayRetry: async () => {
        asked += 1;
        return true;
      },
    });
    expect(tracks).toHaveLength(4);
    expect(asked).toBe(1);
    expect(deezer.calls).toBe(3);
  });

  it('waits with a real timer by default', async () => {
    const real = new DeezerApi({ baseUrl: deezer.url, timeoutMs: 300, retryDelaysMs: [20] });
    deezer.failNext(700);
    expect(await real.search(radarLove)).toHaveLength(4);
    expect(deezer.calls).toBe(2);
  });
});
