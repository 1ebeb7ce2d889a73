import { fetch, type Dispatcher, type Response } from 'undici';
import type { z } from 'zod';
import { StationSourceError, type StationSourceFailure } from '../station-source.ts';
import { BROWSER_USER_AGENT, causeOf } from '../http.ts';
import { PrivateAddressError } from '../private-addresses.ts';
import { apiErrorSchema } from './read-schemas.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

/**
 * `{base}/api/nowplaying/{station}`, or its aliases `{base}/api/station/{station}/nowplaying` and
 * `{base}/api/nowplaying_static/{station}.json`. The base may have a path of its own (the
 * built-in station's is `/internal/station`).
 */
const NOW_PLAYING_PATH =
  /^(?<base>.*?)\/api\/(?:nowplaying\/(?<a>[^/]+)|station\/(?<b>[^/]+)\/nowplaying|nowplaying_static\/(?<c>[^/]+)\.json)\/?$/;

export interface AzuraCastApiOptions {
  nowPlayingUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  dispatcher?: Dispatcher;
}

/** GETs of one station's AzuraCast API; every failure is a StationSourceError. */
export class AzuraCastApi {
  readonly nowPlayingUrl: URL;
  /** `{base}/api/station/{station}`, or why there is none. */
  readonly #stationApi: URL | string;
  readonly #headers: Record<string, string>;
  readonly #hasKey: boolean;
  readonly #timeoutMs: number;
  readonly #dispatcher: Dispatcher | undefined;

  constructor(options: AzuraCastApiOptions) {
    this.nowPlayingUrl = parseUrl(options.nowPlayingUrl);
    this.#stationApi = stationApiOf(this.nowPlayingUrl);
    this.#headers = {
      accept: 'application/json',
      'user-agent': BROWSER_USER_AGENT,
      // Without a key AzuraCast answers in the browser's language, as its public request page
      // does for a Dutch listener; with one, in the key user's.
      'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5',
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
    };
    this.#hasKey = Boolean(options.apiKey);
    this.#timeoutMs = options.timeoutMs;
    this.#dispatcher = options.dispatcher;
  }

  /** `{base}/api/station/{station}/{path}` with the given query. */
  stationUrl(path: string, query: Record<string, string> = {}): URL {
    if (typeof this.#stationApi === 'string') throw new StationSourceError(this.#stationApi);
    const url = new URL(`${this.#stationApi.pathname}/${path}`, this.#stationApi);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  get<S extends z.ZodType>(url: URL, schema: S): Promise<z.output<S>> {
    return this.send('GET', url, undefined, schema);
  }

  /**
   * A JSON call (the files API's upload and edit take a JSON body); its answer parsed by
   * `schema`. Every failure is a StationSourceError, with the status for an HTTP error.
   */
  async send<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    url: URL,
    payload: unknown,
    schema: S,
  ): Promise<z.output<S>> {
    const where = `${method} ${redacted(url)}`;
    const fail = (
      problem: string,
      failure: StationSourceFailure,
      status?: number,
      errorType?: string | null,
    ): StationSourceError =>
      new StationSourceError(`station source ${where}: ${problem}`, { status, failure, errorType });
    let status: number;
    let body: string;
    try {
      const response = await this.#fetch(method, url, payload);
      status = response.status;
      body = await response.text();
    } catch (error) {
      if (error instanceof StationSourceError) throw fail(error.message, error.failure);
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw fail(`no answer within ${this.#timeoutMs / 1000} s`, 'timeout');
      }
      if (error instanceof Error && error.cause instanceof PrivateAddressError) {
        throw fail(error.cause.message, 'private-address');
      }
      throw fail(`no answer (${causeOf(error)})`, 'unreachable');
    }
    if (status < 200 || status > 299) {
      const { message, errorType } = messageOf(body);
      throw fail(`HTTP ${status}${hintFor(status)}: ${message}`, 'http-status', status, errorType);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw fail(`the answer is not JSON: ${snippet(body)}`, 'not-json');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(
        `unexpected answer: ${issue?.path.join('.') || '(body)'}: ${issue?.message}`,
        'unexpected-answer',
      );
    }
    return parsed.data;
  }

  /**
   * A POST without a body (AzuraCast's song request): its status and message (Api_Status or
   * Api_Error `message`, else the start of the body), whether the body was AzuraCast's own JSON
   * and the error's `type`. No answer at all is a StationSourceError.
   */
  async post(
    url: URL,
  ): Promise<{ status: number; message: string; isApiError: boolean; errorType: string | null }> {
    try {
      const response = await this.#fetch('POST', url);
      const body = await response.text();
      return { status: response.status, ...messageOf(body) };
    } catch (error) {
      throw new StationSourceError(
        `station source POST ${redacted(url)}: no answer (${causeOf(error)})`,
        error instanceof StationSourceError ? { failure: error.failure } : {},
      );
    }
  }

  /**
   * Follows redirects itself: the key goes to the configured URL's origin only, so a redirect
   * elsewhere is refused while a key is sent (fetch would carry X-API-Key along).
   */
  async #fetch(method: 'GET' | 'POST' | 'PUT', url: URL, body?: unknown): Promise<Response> {
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let target = url;
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(target, {
        method,
        headers:
          body === undefined
            ? this.#headers
            : { ...this.#headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal,
        dispatcher: this.#dispatcher,
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, target);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new StationSourceError(`redirected to a non-http(s) URL`, { failure: 'redirect' });
      }
      if (this.#hasKey && next.origin !== url.origin) {
        throw new StationSourceError(
          `redirected to another origin (${next.origin}): the API key is not sent there`,
          { failure: 'redirect' },
        );
      }
      if (redirects === MAX_REDIRECTS) {
        throw new StationSourceError(`more than ${MAX_REDIRECTS} redirects`, {
          failure: 'redirect',
        });
      }
      target = next;
    }
  }
}

function parseUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new StationSourceError(`station source: "${value}" is not an http(s) URL`, {
    failure: 'bad-url',
  });
}

function stationApiOf(nowPlayingUrl: URL): URL | string {
  const match = NOW_PLAYING_PATH.exec(nowPlayingUrl.pathname);
  const station = match?.groups?.a ?? match?.groups?.b ?? match?.groups?.c;
  if (!match || !station) {
    return `station source ${redacted(nowPlayingUrl)}: history, library and queue need an AzuraCast now-playing URL ({base}/api/nowplaying/{station})`;
  }
  return new URL(`${match.groups?.base ?? ''}/api/station/${station}`, nowPlayingUrl.origin);
}

/** Without the query, which may carry a key. */
function redacted(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return ' (is the API key right, with enough permissions?)';
  if (status === 404) return ' (is the station in the URL right?)';
  return '';
}

/** AzuraCast's Api_Error message and type, or the start of a plain-text or HTML error. */
function messageOf(body: string): {
  message: string;
  isApiError: boolean;
  errorType: string | null;
} {
  try {
    const error = apiErrorSchema.safeParse(JSON.parse(body));
    if (error.success) {
      return { message: error.data.message, isApiError: true, errorType: error.data.type ?? null };
    }
  } catch {
    // not JSON
  }
  return { message: snippet(body), isApiError: false, errorType: null };
}

function snippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text === '') return '(empty body)';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
