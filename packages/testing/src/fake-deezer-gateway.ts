/**
 * A fake of Deezer's user-data gateway call for ARL tests: answers `deezer.getUserData` on a
 * free loopback port with fixtures/deezer/userdata-valid.json when the `arl` cookie is one of the
 * valid ARLs, and with userdata-invalid.json (the anonymous session, as Deezer does) otherwise.
 *
 *   const gateway = await startFakeDeezerGateway();
 *   checkArl(FAKE_VALID_ARL, { gatewayUrl: gateway.url });
 *   gateway.respond({ status: 502 });            // or { delayMs: 6_000 }, { text: 'kapot' }
 *   gateway.respond({ json: { error: { GATEWAY_ERROR: 'invalid api token' }, results: {} } });
 *   gateway.requests.at(-1)?.arl;
 *   gateway.reset(); await gateway.close();
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { listenOnLoopback, sendFake, type FakeResponse } from './http-fake.ts';

const fixturesDir = new URL('../fixtures/deezer/', import.meta.url);

/** ARLs are 192 hex characters; these two are made up. */
export const FAKE_VALID_ARL = 'a1b2c3d4'.repeat(24);
export const FAKE_INVALID_ARL = 'f0e1d2c3'.repeat(24);

export interface GatewayRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The `arl` cookie sent, if any. */
  arl: string | null;
}

export interface FakeDeezerGateway {
  /** The gw-light.php URL: what DEEZER_GATEWAY_URL is set to. */
  url: string;
  /** Every call answers this way until reset. */
  respond(response: FakeResponse): void;
  /** Fixtures again, the log emptied. */
  reset(): void;
  readonly requests: GatewayRequest[];
  close(): Promise<void>;
}

function arlOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'arl') return value.join('=');
  }
  return null;
}

export async function startFakeDeezerGateway(
  validArls: readonly string[] = [FAKE_VALID_ARL],
): Promise<FakeDeezerGateway> {
  const valid = readFileSync(new URL('userdata-valid.json', fixturesDir), 'utf8');
  const invalid = readFileSync(new URL('userdata-invalid.json', fixturesDir), 'utf8');
  let override: FakeResponse | null = null;
  const requests: GatewayRequest[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-deezer');
    const arl = arlOf(request.headers.cookie);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      arl,
    });
    request.resume();
    const fixture = arl !== null && validArls.includes(arl) ? valid : invalid;
    sendFake(response, override ?? {}, fixture);
  });
  const { url: origin, close } = await listenOnLoopback(server);
  return {
    url: `${origin}/ajax/gw-light.php`,
    respond: (response) => void (override = response),
    reset() {
      override = null;
      requests.length = 0;
    },
    requests,
    close,
  };
}
