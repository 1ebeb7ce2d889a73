/**
 * A fake Deezer for catalogue tests: serves the fixtures of fixtures/deezer/ at the public API's
 * paths on a free loopback port, with a switchable variant for every way Deezer fails, a delay,
 * and a count of the calls (to assert caching and rate limiting).
 *
 *   const deezer = await startFakeDeezer();
 *   const api = new DeezerApi({ baseUrl: deezer.url });
 *   deezer.use('quota');      // HTTP 200 {"error":{"code":4,...}}
 *   deezer.failNext(700, 2);  // the next 2 calls: HTTP 200 {"error":{"code":700,...}}, then the variant
 *   deezer.delayMs = 50;      // every answer 50 ms late (or longer than the client's timeout)
 *   deezer.calls;             // API calls so far
 *   deezer.reset();           // fixtures, no delay, counters and log emptied
 *
 * GET /search: search.json (variant 'ok'; 'empty': search-empty.json). GET /track/{id}: track.json
 * for the fixture's id, error-nodata.json for any other. (The ARL check's gateway has its own
 * fake: fake-deezer-gateway.ts.)
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { answerAfter, listenOnLoopback, recordRequest } from './http-fake.ts';
import type { ReceivedRequest } from './fake-station.ts';

const fixturesDir = new URL('../fixtures/deezer/', import.meta.url);

export type DeezerFixture =
  'search' | 'search-empty' | 'track' | 'error-quota' | 'error-busy' | 'error-nodata';

const fixture = (name: DeezerFixture): string =>
  readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8');

/** The id of track.json (and the first search hit). */
export const FAKE_DEEZER_TRACK_ID = '3108251';

export type FakeDeezerVariant =
  /** The fixtures. */
  | 'ok'
  /** Search finds nothing. */
  | 'empty'
  /** HTTP 200 with the quota error (code 4) on every call. */
  | 'quota'
  /** HTTP 200 with "service busy" (code 700) on every call. */
  | 'busy'
  /** HTTP 200 with "no data" (code 800) on every call. */
  | 'no-data'
  /** HTTP 500. */
  | 'server-error'
  /** HTTP 200 with a body that is not JSON. */
  | 'junk';

export interface FakeDeezer {
  /** http://127.0.0.1:PORT: DEEZER_API_URL. */
  url: string;
  use(variant: FakeDeezerVariant): void;
  /**
   * The next `calls` calls of the public API (default 1) answer as Deezer does when over its
   * quota (code 4) or overloaded (code 700): HTTP 200 with that error body. Then the variant again.
   */
  failNext(code: 4 | 700, calls?: number): void;
  /** Every answer waits this long (0: none). */
  delayMs: number;
  /** Calls of the public API (search and track) since the last reset. */
  readonly calls: number;
  /** Every request received, oldest first. */
  readonly requests: ReceivedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeDeezer(): Promise<FakeDeezer> {
  const requests: ReceivedRequest[] = [];
  const state = { variant: 'ok' as FakeDeezerVariant, delayMs: 0, calls: 0 };
  /** Codes still to answer, one per call, before the variant. */
  const pendingFailures: (4 | 700)[] = [];
  const errorBody = (code: 4 | 700): string => fixture(code === 4 ? 'error-quota' : 'error-busy');

  const answer = (pathname: string): [number, string] => {
    const isSearch = pathname === '/search';
    const trackId = /^\/track\/([^/]+)$/.exec(pathname)?.[1];
    if (!isSearch && trackId === undefined) return [404, fixture('error-nodata')];
    state.calls += 1;
    const failure = pendingFailures.shift();
    if (failure !== undefined) return [200, errorBody(failure)];
    switch (state.variant) {
      case 'quota':
        return [200, errorBody(4)];
      case 'busy':
        return [200, errorBody(700)];
      case 'no-data':
        return [200, fixture('error-nodata')];
      case 'server-error':
        return [500, '<html><body>500 Internal Server Error</body></html>'];
      case 'junk':
        return [200, '<html>Even geduld</html>'];
      case 'empty':
        return [200, isSearch ? fixture('search-empty') : fixture('error-nodata')];
      case 'ok':
        if (isSearch) return [200, fixture('search')];
        return [200, fixture(trackId === FAKE_DEEZER_TRACK_ID ? 'track' : 'error-nodata')];
    }
  };

  const server = http.createServer((request, response) => {
    const url = recordRequest(request, requests);
    const [status, body] = answer(url.pathname);
    const send = (): void => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    };
    answerAfter(response, state.delayMs, send);
  });
  const { url, close } = await listenOnLoopback(server);

  return {
    url,
    use: (variant) => void (state.variant = variant),
    failNext(code, calls = 1) {
      for (let i = 0; i < calls; i += 1) pendingFailures.push(code);
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get calls() {
      return state.calls;
    },
    requests,
    reset() {
      Object.assign(state, { variant: 'ok', delayMs: 0, calls: 0 });
      pendingFailures.length = 0;
      requests.length = 0;
    },
    close,
  };
}
