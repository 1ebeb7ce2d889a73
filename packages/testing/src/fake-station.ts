/**
 * A fake AzuraCast for station-source tests: serves the fixtures of fixtures/azuracast/ at
 * AzuraCast's paths on a free loopback port, lets a test replace the answer of one path (errors,
 * plain text, missing fields, slowness), and records what it was asked.
 *
 *   const station = await startFakeStationServer();
 *   const source = createAzuraCastSource({ nowPlayingUrl: station.nowPlayingUrl, apiKey: 'k' });
 *   station.respond('/api/nowplaying/1', azuraCastError(500, 'Database kapot'));
 *   station.respond('/api/station/1/queue', { delayMs: 2_000 });
 *   station.requests.at(-1)?.headers['x-api-key'];
 *   station.reset(); // fixtures again, log emptied
 *   await station.close(); // also unref'd: it never keeps the test process alive
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback, recordRequest, sendFake, type FakeResponse } from './http-fake.ts';

export type { FakeResponse } from './http-fake.ts';

const fixturesDir = new URL('../fixtures/azuracast/', import.meta.url);

export type AzuraCastFixture = 'nowplaying' | 'history' | 'files' | 'queue' | 'requests';

/** A fresh copy of a fixture, to change for a variant. */
export function azuraCastFixture(name: AzuraCastFixture): unknown {
  return JSON.parse(readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8'));
}

/** Where each fixture is served (station id 1). */
export const fakeStationPaths: Record<AzuraCastFixture, string> = {
  nowplaying: '/api/nowplaying/1',
  history: '/api/station/1/history',
  files: '/api/station/1/files',
  queue: '/api/station/1/queue',
  requests: '/api/station/1/requests',
};

/** AzuraCast's error answer: `Api_Error` JSON, by default with HTTP 500 like its exceptions. */
export function azuraCastError(
  status: number,
  message: string,
  /** The exception's class name (e.g. CannotCompleteActionException for 0.20+'s refusals). */
  type: string = status === 404 ? 'NotFoundException' : 'Exception',
): FakeResponse {
  return {
    status,
    json: {
      code: status,
      type,
      message,
      formatted_message: message,
      extra_data: [],
      success: false,
    },
  };
}

/** What AzuraCast answers curl-like user agents on an error: plain text. */
export function azuraCastPlainTextError(status: number, message: string): FakeResponse {
  return { status, text: `Error: ${message} on /var/azuracast/www/src/Controller.php L42` };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeStationServer {
  /** http://127.0.0.1:PORT, the AzuraCast base. */
  url: string;
  /** `${url}/api/nowplaying/1`: what a station source is configured with. */
  nowPlayingUrl: string;
  /** Answers `path` (query ignored) this way until reset. */
  respond(path: string, response: FakeResponse): void;
  /** Every path answers its fixture again; the request log is emptied. */
  reset(): void;
  /** Every request received, oldest first. */
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startFakeStationServer(): Promise<FakeStationServer> {
  const fixtures = new Map(
    Object.entries(fakeStationPaths).map(([name, path]) => [
      path,
      readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8'),
    ]),
  );
  const overrides = new Map<string, FakeResponse>();
  const requests: ReceivedRequest[] = [];

  const server = http.createServer((request, response) => {
    const url = recordRequest(request, requests);
    const fixture = fixtures.get(url.pathname);
    const fallback = fixture ?? JSON.stringify(azuraCastError(404, 'Page not found.').json);
    sendFake(
      response,
      overrides.get(url.pathname) ?? {},
      fallback,
      fixture === undefined ? 404 : 200,
    );
  });
  const { url, close } = await listenOnLoopback(server);

  return {
    url,
    nowPlayingUrl: `${url}${fakeStationPaths.nowplaying}`,
    respond: (path, response) => void overrides.set(path, response),
    reset() {
      overrides.clear();
      requests.length = 0;
    },
    requests,
    close,
  };
}
