import type { z } from 'zod';
import { StationSourceError, type StationSourceFailure } from '../station-source.ts';
import { BROWSER_USER_AGENT, causeOf } from '../http.ts';
import { apiErrorSchema } from './read-schemas.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;

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
}

/** GETs of one station's AzuraCast API; every failure is a StationSourceError. */
export class AzuraCastApi {
  readonly nowPlayingUrl: URL;
  /** `{base}/api/station/{station}`, or why there is none. */
  readonly #stationApi: URL | string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;

  constructor(options: AzuraCastApiOptions) {
    this.nowPlayingUrl = parseUrl(options.nowPlayingUrl);
    this.#stationApi = stationApiOf(this.nowPlayingUrl);
    this.#headers = {
      accept: 'application/json',
      'user-agent': BROWSER_USER_AGENT,
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
    };
    this.#timeoutMs = options.timeoutMs;
  }

  /** `{base}/api/station/{station}/{path}` with the given query. */
  stationUrl(path: string, query: Record<string, string> = {}): URL {
    if (typeof this.#stationApi === 'string') throw new StationSourceError(this.#stationApi);
    const url = new URL(`${this.#stationApi.pathname}/${path}`, this.#stationApi);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async get<S extends z.ZodType>(url: URL, schema: S): Promise<z.output<S>> {
    const where = `GET ${redacted(url)}`;
    const fail = (
      problem: string,
      failure: StationSourceFailure,
      status?: number,
    ): StationSourceError =>
      new StationSourceError(`station source ${where}: ${problem}`, { status, failure });
    let status: number;
    let body: string;
    try {
      const response = await fetch(url, {
        headers: this.#headers,
        redirect: 'follow',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw fail(`no answer within ${this.#timeoutMs / 1000} s`, 'timeout');
      }
      throw fail(`no answer (${causeOf(error)})`, 'unreachable');
    }
    if (status < 200 || status > 299)
      throw fail(`HTTP ${status}${hintFor(status)}: ${errorText(body)}`, 'http-status', status);
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
   * Api_Error `message`, else the start of the body). No answer at all is a StationSourceError.
   */
  async post(url: URL): Promise<{ status: number; message: string }> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: this.#headers,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      const body = await response.text();
      return { status: response.status, message: errorText(body) };
    } catch (error) {
      throw new StationSourceError(
        `station source POST ${redacted(url)}: no answer (${causeOf(error)})`,
      );
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

/** AzuraCast's Api_Error message, or the start of a plain-text or HTML error. */
function errorText(body: string): string {
  try {
    const error = apiErrorSchema.safeParse(JSON.parse(body));
    if (error.success) return error.data.message;
  } catch {
    // not JSON
  }
  return snippet(body);
}

function snippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text === '') return '(empty body)';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
