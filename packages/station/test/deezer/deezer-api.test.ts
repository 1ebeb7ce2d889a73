import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_DEEZER_TRACK_ID, startFakeDeezer, type FakeDeezer } from '@radio/testing';
import {
  DEEZER_TIMEOUT_MS,
  DeezerApi,
  DeezerApiError,
  deezerAdvancedQuery,
  type DeezerFailureKind,
} from '../../src/deezer/deezer-api.ts';

let deezer: FakeDeezer;
let api: DeezerApi;

beforeAll(async () => {
  deezer = await startFakeDeezer();
  api = new DeezerApi({ baseUrl: `${deezer.url}/`, timeoutMs: 300 });
});
afterAll(() => deezer.close());
beforeEach(() => deezer.reset());

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
