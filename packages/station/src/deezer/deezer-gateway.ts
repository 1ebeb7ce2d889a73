/**
 * Deezer's user-data gateway call (`deezer.getUserData` on gw-light.php), the one call that says
 * whether an ARL (the `arl` login cookie) belongs to an account. Nothing else of the gateway is
 * used: the project never fetches or decrypts streams.
 *
 * A bad or expired ARL is no error to Deezer: the call succeeds with the anonymous session
 * (`USER.USER_ID` 0). That is the check deemix, deezer-py and streamrip make.
 *
 * No retry here: the gateway's errors are keyed objects, not the public API's codes 4 and 700, and
 * deemix (deezer-sdk `gw.ts`) and deezer-py (`deezer/gw.py`) ask the gateway again only for a new
 * token or a `payload.FALLBACK` (neither applies to this tokenless call) and after a connection
 * error (2 s, without end). Here any failure leaves the ARL untested; the admin may try again.
 */
import { z } from 'zod';
import { BROWSER_USER_AGENT } from '../http.ts';

export const DEEZER_GATEWAY_URL = 'https://www.deezer.com/ajax/gw-light.php';
export const DEEZER_GATEWAY_TIMEOUT_MS = 5_000;

/** What an admin is shown of the account behind a valid ARL. */
export interface DeezerAccount {
  userId: number;
  name: string | null;
  offer: string | null;
  country: string | null;
  canStreamHq: boolean;
  canStreamLossless: boolean;
}

export type ArlCheck =
  | { outcome: 'valid'; account: DeezerAccount }
  /** Deezer answered with the anonymous session: the ARL is wrong or expired. */
  | { outcome: 'invalid' }
  /** No usable answer (network, timeout, HTTP status, not JSON, a gateway error). */
  | { outcome: 'untested'; problem: string };

// USER_ID is a number or a numeric string; the anonymous answer has integer 0s where strings go.
const loose = z.union([z.string(), z.number()]).nullish();
const flag = z.boolean().nullish();

const userDataSchema = z.object({
  error: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  results: z
    .union([
      z.object({
        USER: z.object({
          USER_ID: z.union([z.string(), z.number()]),
          BLOG_NAME: loose,
          OPTIONS: z
            .object({
              web_hq: flag,
              mobile_hq: flag,
              web_lossless: flag,
              mobile_lossless: flag,
              license_country: loose,
            })
            .nullish(),
        }),
        OFFER_NAME: loose,
        COUNTRY: loose,
      }),
      // Empty results (`[]` or `{}`) mean no session either.
      z.array(z.unknown()),
      z.object({}),
    ])
    .nullish(),
});

export interface ArlCheckOptions {
  gatewayUrl?: string;
  timeoutMs?: number;
}

const text = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value);

/** Asks Deezer whose ARL this is. Never throws; the ARL appears in no problem text. */
export async function checkArl(arl: string, options: ArlCheckOptions = {}): Promise<ArlCheck> {
  const timeoutMs = options.timeoutMs ?? DEEZER_GATEWAY_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(options.gatewayUrl ?? DEEZER_GATEWAY_URL);
  } catch {
    return { outcome: 'untested', problem: 'the gateway URL does not parse' };
  }
  // deemix and deezer-py send the literal "null" as the token for this one method.
  for (const [name, value] of Object.entries({
    api_version: '1.0',
    api_token: 'null',
    input: '3',
    method: 'deezer.getUserData',
  })) {
    url.searchParams.set(name, value);
  }
  let status: number;
  let body: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': BROWSER_USER_AGENT,
        cookie: `arl=${arl}`,
      },
      body: '{}',
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { outcome: 'untested', problem: `no answer within ${timeoutMs / 1000} s` };
    }
    const cause = error instanceof Error ? ((error.cause as Error | undefined) ?? error) : null;
    const code = (cause as { code?: unknown } | null)?.code;
    return {
      outcome: 'untested',
      problem: `no answer (${typeof code === 'string' ? code : 'network error'})`,
    };
  }
  if (status < 200 || status > 299) return { outcome: 'untested', problem: `HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { outcome: 'untested', problem: 'the answer is not JSON' };
  }
  const parsed = userDataSchema.safeParse(json);
  if (!parsed.success) return { outcome: 'untested', problem: 'the answer has an unknown shape' };
  const { error, results } = parsed.data;
  if (!Array.isArray(error) && Object.keys(error).length > 0) {
    return { outcome: 'untested', problem: `gateway error ${Object.keys(error).join(', ')}` };
  }
  if (!results || Array.isArray(results) || !('USER' in results)) return { outcome: 'invalid' };
  const userId = Number(results.USER.USER_ID);
  if (!Number.isFinite(userId) || userId <= 0) return { outcome: 'invalid' };
  const userOptions = results.USER.OPTIONS;
  return {
    outcome: 'valid',
    account: {
      userId,
      name: text(results.USER.BLOG_NAME),
      offer: text(results.OFFER_NAME),
      country: text(results.COUNTRY) ?? text(userOptions?.license_country),
      canStreamHq: Boolean(userOptions?.web_hq || userOptions?.mobile_hq),
      canStreamLossless: Boolean(userOptions?.web_lossless || userOptions?.mobile_lossless),
    },
  };
}
