import type { Dispatcher } from 'undici';
import { AzuraCastApi } from './azuracast-api.ts';

/** An AzuraCast station's request API: where its now playing is, and the key we send. */
export interface AzuraCastStation {
  nowPlayingUrl: string;
  apiKey: string | null;
}

/** Why AzuraCast refused a request, as far as its answer tells without reading its words. */
export type SongRequestRefusal =
  /** The request id is unknown (404): the track left the station's library. */
  | 'not-found'
  /** Anything else it refused; its message says what (in the API key user's language). */
  | 'refused';

/** What AzuraCast answered a song request, in the terms we act on. */
export type SongRequestAnswer =
  | { kind: 'accepted' }
  | {
      kind: 'refused';
      reason: SongRequestRefusal;
      /** AzuraCast's own message, as its public request page shows it. */
      message: string;
      /** A wait it names in its message ("Please wait 12 minutes", "Wacht 12 minuten"). */
      waitSeconds: number | null;
    }
  /** Its rate limiter (HTTP 429): a moment later the same request may go. */
  | { kind: 'rate-limited'; waitSeconds: number }
  /** No answer, or an error that is not a refusal: the next request fares no better now. */
  | { kind: 'unavailable'; detail: string };

export const SONG_REQUEST_TIMEOUT_MS = 5_000;
const RATE_LIMIT_WAIT_S = 5;

/**
 * `POST {base}/api/station/{station}/request/{requestId}` with the station key. Never throws: an
 * unreachable station is `unavailable`.
 */
export async function requestSong(
  station: AzuraCastStation,
  requestId: string,
  options: { timeoutMs?: number; dispatcher?: Dispatcher } = {},
): Promise<SongRequestAnswer> {
  let answer: AzuraCastAnswer;
  try {
    const api = new AzuraCastApi({
      ...station,
      timeoutMs: options.timeoutMs ?? SONG_REQUEST_TIMEOUT_MS,
      dispatcher: options.dispatcher,
    });
    answer = await api.post(api.stationUrl(`request/${encodeURIComponent(requestId)}`));
  } catch (error) {
    return { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
  return classifySongRequestAnswer(answer);
}

/** AzuraCast's answer to a POST, as AzuraCastApi.post reads it. */
export interface AzuraCastAnswer {
  status: number;
  message: string;
  /** The body is AzuraCast's own Api_Status or Api_Error JSON. */
  isApiError: boolean;
  /** Api_Error's `type`: the class name of the exception, the same in every language. */
  errorType: string | null;
}

/**
 * AzuraCast's exceptions that are a refusal of this request (0.20 onwards answer them with 500):
 * CannotCompleteActionException ("Cannot submit request: …", every rule of the request
 * repository) and StationUnsupportedException (requests are off).
 */
const REFUSAL_TYPES = new Set(['CannotCompleteActionException', 'StationUnsupportedException']);

/**
 * By what does not change between languages: the status code and the body's shape. 0.19.x
 * answers a refusal with 400 and an Api_Status `{success: false, message}`; 0.20 onwards with 500
 * and an Api_Error whose type names the refusal (any other 500 is AzuraCast failing). Its words
 * are read only for a wait in minutes.
 */
export function classifySongRequestAnswer(answer: AzuraCastAnswer): SongRequestAnswer {
  const { status, isApiError, errorType } = answer;
  // 0.19.x puts "<Class> at <file> L<line>: " before an error's text.
  const message = answer.message.replace(/^[\w\\]+ at \S+ L\d+: /, '');
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  // 0.19.x answers its rate limit with a 500 of this type, later versions with 429.
  if (status === 429 || errorType === 'RateLimitExceededException') {
    return { kind: 'rate-limited', waitSeconds: RATE_LIMIT_WAIT_S };
  }
  if (!isApiError) return { kind: 'unavailable', detail: `HTTP ${status}: ${message}` };
  if (status === 404) return { kind: 'refused', reason: 'not-found', message, waitSeconds: null };
  const refusal =
    (status >= 400 && status < 500) || (errorType !== null && REFUSAL_TYPES.has(errorType));
  if (refusal) {
    return { kind: 'refused', reason: 'refused', message, waitSeconds: minutesNamedIn(message) };
  }
  return { kind: 'unavailable', detail: `HTTP ${status}: ${message}` };
}

/** "Please wait 12 minutes" and its translations: the first number followed by a minute word. */
function minutesNamedIn(message: string): number | null {
  const match = /(\d+)\s*(?:minutes?|minuten|minuut|min\b)/i.exec(message);
  return match ? Number(match[1]) * 60 : null;
}
