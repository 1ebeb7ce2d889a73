/**
 * Deezer's public catalogue API (no account needed): the advanced search and one track by id.
 * Every way Deezer can fail (HTTP 200 with an `error` body: quota code 4, "service busy" code 700,
 * "no data" code 800 and the rest; 5xx and other statuses; no answer within the timeout; an answer
 * that is not the expected JSON) becomes one DeezerApiError with a `kind`. Shapes:
 * fixtures/deezer/README.md.
 *
 * Codes 4 and 700 mean "ask again later": deemix (deezer-sdk `api.ts`, deezer-py `api.py`) waits
 * 5 s and asks again, without end. Here the same 5 s wait, but bounded: DEEZER_RETRY_DELAYS_MS
 * (one retry), and no call, retries included, past DEEZER_CALL_BUDGET_MS or the caller's deadline.
 */
import { z } from 'zod';
import { causeOf } from '../http.ts';

export const DEFAULT_DEEZER_API_URL = 'https://api.deezer.com';
export const DEEZER_TIMEOUT_MS = 3_000;
/** Deezer's own page size. */
export const DEEZER_SEARCH_LIMIT = 25;

/**
 * The waits before each retry of a code 4 or 700 answer; their number is the number of retries.
 * deemix waits 5 s (the length of Deezer's quota window, so the window has moved on).
 */
export const DEEZER_RETRY_DELAYS_MS: readonly number[] = [5_000];
/**
 * One search or track lookup, its retries and their waits included, ends within this: a listener's
 * search is never held longer (the first try's timeout, the 5-s wait and a shortened second try).
 */
export const DEEZER_CALL_BUDGET_MS = 10_000;

/** Deezer's error codes that mean something to us. */
const QUOTA_CODE = 4;
const BUSY_CODE = 700;
const NO_DATA_CODE = 800;

const deezerTrackPayloadSchema = z.object({
  id: z.number().int().positive(),
  readable: z.boolean(),
  title: z.string(),
  duration: z.number().nonnegative(),
  link: z.string().optional(),
  preview: z.string().optional(),
  isrc: z.string().optional(),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  album: z.object({
    id: z.number().int(),
    title: z.string(),
    cover_medium: z.string().nullish(),
  }),
});

const searchPayloadSchema = z.object({
  // Items are checked one by one: one odd item does not cost the other results.
  data: z.array(z.unknown()),
  total: z.number().int().nonnegative(),
});

const errorPayloadSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    message: z.string().optional(),
    code: z.number().optional(),
  }),
});

/** A catalogue track as the platform uses it. */
export const deezerTrackSchema = z.object({
  /** Deezer's track id, as a decimal string. */
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string(),
  /** Seconds. */
  duration: z.number().int().nonnegative(),
  /** False: Deezer cannot play it (not licensed here): it cannot be acquired either. */
  readable: z.boolean(),
  link: z.string().nullable(),
  /** 30-second MP3 preview. */
  preview: z.string().nullable(),
  cover: z.string().nullable(),
  /** Only from a track lookup. */
  isrc: z.string().nullable(),
});
export type DeezerTrack = z.infer<typeof deezerTrackSchema>;

export type DeezerFailureKind =
  /** Deezer's quota (code 4): too many calls from our address. Retried. */
  | 'quota'
  /** "Service busy" (code 700): Deezer is overloaded. Retried. */
  | 'busy'
  /** "no data" (code 800): no such track. */
  | 'not-found'
  /** Any other `error` body. */
  | 'api-error'
  /** An HTTP status other than 200. */
  | 'http'
  | 'timeout'
  /** No connection. */
  | 'network'
  /** Not JSON, or not the expected shape. */
  | 'invalid';

/** Deezer could not answer; `message` is for the operator's log. */
export class DeezerApiError extends Error {
  override readonly name = 'DeezerApiError';
  readonly kind: DeezerFailureKind;
  /** Deezer's error code (error bodies) or the HTTP status. */
  readonly code: number | null;

  constructor(kind: DeezerFailureKind, message: string, code: number | null = null) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

export interface DeezerSearchQuery {
  artist?: string | undefined;
  title?: string | undefined;
}

export interface DeezerApiOptions {
  /** DEEZER_API_URL; default https://api.deezer.com. */
  baseUrl?: string;
  /** One try's timeout; default DEEZER_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default DEEZER_RETRY_DELAYS_MS; `[]`: no retries. */
  retryDelaysMs?: readonly number[];
  /** Default DEEZER_CALL_BUDGET_MS. */
  budgetMs?: number;
  /** Tests: the wait between tries (default a timer) and the clock (default Date.now). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Per search or lookup. */
export interface DeezerCallOptions {
  /**
   * Epoch milliseconds (of the `now` option's clock): no wait or try runs past it, and a try's
   * timeout is shortened to end there. The earlier of this and the budget counts.
   */
  deadline?: number;
  /**
   * Asked after a wait, before a retry (a shared rate limit takes its slot here): false ends the
   * call with Deezer's last answer.
   */
  mayRetry?: () => Promise<boolean>;
}

/**
 * The advanced query: `artist:"…" track:"…"`. A double quote inside a value would end it early
 * (and let the rest read as more fields), so it becomes a space.
 */
export function deezerAdvancedQuery({ artist, title }: DeezerSearchQuery): string {
  const clean = (value: string | undefined): string =>
    (value ?? '').replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim();
  const fields: string[] = [];
  if (clean(artist)) fields.push(`artist:"${clean(artist)}"`);
  if (clean(title)) fields.push(`track:"${clean(title)}"`);
  return fields.join(' ');
}

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

export class DeezerApi {
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #retryDelaysMs: readonly number[];
  readonly #budgetMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;

  constructor(options: DeezerApiOptions = {}) {
    this.#baseUrl = (options.baseUrl ?? DEFAULT_DEEZER_API_URL).replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEEZER_TIMEOUT_MS;
    this.#retryDelaysMs = options.retryDelaysMs ?? DEEZER_RETRY_DELAYS_MS;
    this.#budgetMs = options.budgetMs ?? DEEZER_CALL_BUDGET_MS;
    this.#sleep = options.sleep ?? wait;
    this.#now = options.now ?? Date.now;
  }

  /** Tracks for the advanced query, in Deezer's order. Nothing to search for: none. */
  async search(
    query: DeezerSearchQuery,
    limit = DEEZER_SEARCH_LIMIT,
    options: DeezerCallOptions = {},
  ): Promise<DeezerTrack[]> {
    const q = deezerAdvancedQuery(query);
    if (!q) return [];
    const url = new URL(`${this.#baseUrl}/search`);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    const body = searchPayloadSchema.safeParse(await this.#get(url, options));
    if (!body.success) throw new DeezerApiError('invalid', 'Deezer search: unexpected answer');
    return body.data.data.flatMap((item) => {
      const track = deezerTrackPayloadSchema.safeParse(item);
      return track.success ? [toTrack(track.data)] : [];
    });
  }

  /** One track; a DeezerApiError of kind 'not-found' when there is none. */
  async track(id: string | number, options: DeezerCallOptions = {}): Promise<DeezerTrack> {
    if (!/^[1-9][0-9]{0,18}$/.test(String(id))) {
      throw new DeezerApiError('not-found', `Deezer track ${String(id)}: not a track id`);
    }
    const body = deezerTrackPayloadSchema.safeParse(
      await this.#get(new URL(`${this.#baseUrl}/track/${id}`), options),
    );
    if (!body.success) throw new DeezerApiError('invalid', `Deezer track ${id}: unexpected answer`);
    return toTrack(body.data);
  }

  /** One call with its retries of codes 4 and 700, within the budget and the deadline. */
  async #get(url: URL, options: DeezerCallOptions): Promise<unknown> {
    const deadline = Math.min(this.#now() + this.#budgetMs, options.deadline ?? Infinity);
    for (let tries = 1; ; tries += 1) {
      try {
        return await this.#try(url, deadline);
      } catch (error) {
        if (
          !(error instanceof DeezerApiError) ||
          (error.kind !== 'quota' && error.kind !== 'busy')
        ) {
          throw error;
        }
        const delay = this.#retryDelaysMs[tries - 1];
        // A wait that ends at or past the deadline leaves no time to ask: give up now, not later.
        if (delay === undefined || this.#now() + delay >= deadline) throw afterTries(error, tries);
        await this.#sleep(delay);
        if (options.mayRetry && !(await options.mayRetry())) throw afterTries(error, tries);
      }
    }
  }

  async #try(url: URL, deadline: number): Promise<unknown> {
    const where = `Deezer ${url.pathname}`;
    const timeoutMs = Math.min(this.#timeoutMs, Math.floor(deadline - this.#now()));
    if (timeoutMs <= 0) throw new DeezerApiError('timeout', `${where}: the deadline has passed`);
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new DeezerApiError('timeout', `${where}: no answer within ${timeoutMs} ms`);
      }
      throw new DeezerApiError('network', `${where}: no answer (${causeOf(error)})`);
    }
    if (status !== 200) throw new DeezerApiError('http', `${where}: HTTP ${status}`, status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new DeezerApiError('invalid', `${where}: the answer is not JSON`);
    }
    const error = errorPayloadSchema.safeParse(json);
    if (error.success) {
      const { code = null, message = '' } = error.data.error;
      const kind: DeezerFailureKind =
        code === QUOTA_CODE
          ? 'quota'
          : code === BUSY_CODE
            ? 'busy'
            : code === NO_DATA_CODE
              ? 'not-found'
              : 'api-error';
      throw new DeezerApiError(kind, `${where}: error ${code ?? '?'} ${message}`.trim(), code);
    }
    return json;
  }
}

/** The last answer of a call that was retried: the same kind and code, and how often it was asked. */
function afterTries(error: DeezerApiError, tries: number): DeezerApiError {
  if (tries === 1) return error;
  return new DeezerApiError(
    error.kind,
    `${error.message} (still after ${tries} tries)`,
    error.code,
  );
}

function toTrack(payload: z.output<typeof deezerTrackPayloadSchema>): DeezerTrack {
  return {
    id: String(payload.id),
    title: payload.title,
    artist: payload.artist.name,
    album: payload.album.title,
    duration: Math.round(payload.duration),
    readable: payload.readable,
    link: payload.link ?? null,
    preview: payload.preview || null,
    cover: payload.album.cover_medium ?? null,
    isrc: payload.isrc || null,
  };
}
