import { HttpError } from '@radio/service-kit';
import { AzuraCastApi } from '@radio/station';
import { RequestRefusal } from './request-refusal.ts';
import { REASONS } from './request-texts.ts';

const SUBMIT_TIMEOUT_MS = 5_000;
/** AzuraCast does not say how long its own cooldowns last: a guess the listener can act on. */
const STATION_COOLDOWN_ESTIMATE_S = 30 * 60;

export interface AzuraCastStation {
  nowPlayingUrl: string;
  apiKey: string | null;
}

const stationUnavailable = (): HttpError =>
  new HttpError(
    503,
    'STATION_UNAVAILABLE',
    'De zender is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
    { 'retry-after': '60' },
  );

/**
 * Submits a request to AzuraCast's request API (`POST /api/station/{station}/request/{id}`, with
 * the station key) and turns its refusals (HTTP 500 "Cannot submit request: …", 404, 429) into
 * ours, in Dutch.
 */
export async function submitToAzuraCast(
  station: AzuraCastStation,
  requestId: string,
): Promise<void> {
  const answer = await postAzuraCastRequest(station, requestId);
  if (answer.status >= 200 && answer.status < 300) return;
  throw azuraCastRefusal(answer.status, answer.message);
}

/** AzuraCast's answer to a request, in its own words; no answer at all is our 503. */
export async function postAzuraCastRequest(
  station: AzuraCastStation,
  requestId: string,
): Promise<{ status: number; message: string }> {
  try {
    const api = new AzuraCastApi({ ...station, timeoutMs: SUBMIT_TIMEOUT_MS });
    return await api.post(api.stationUrl(`request/${encodeURIComponent(requestId)}`));
  } catch {
    throw stationUnavailable();
  }
}

export function azuraCastRefusal(status: number, message: string): HttpError {
  if (status === 404) return new HttpError(404, 'TRACK_NOT_FOUND', REASONS.trackNotFound);
  if (status === 429) {
    return new RequestRefusal(429, 'STATION_RATE_LIMIT', REASONS.rateLimit(60), 60);
  }
  const wait = /wait (\d+) minutes?/i.exec(message);
  if (wait) {
    const seconds = Number(wait[1]) * 60;
    return new RequestRefusal(429, 'HOURLY_LIMIT', REASONS.rateLimit(seconds), seconds);
  }
  if (/already requested/i.test(message)) {
    return new RequestRefusal(409, 'ALREADY_WAITING', REASONS.waiting, STATION_COOLDOWN_ESTIMATE_S);
  }
  if (/played too recently/i.test(message)) {
    return new RequestRefusal(
      409,
      'TRACK_COOLDOWN',
      REASONS.stationCooldown(STATION_COOLDOWN_ESTIMATE_S),
      STATION_COOLDOWN_ESTIMATE_S,
    );
  }
  if (/not requestable/i.test(message)) {
    return new RequestRefusal(409, 'NOT_REQUESTABLE', REASONS.notRequestable);
  }
  if (/does not currently accept requests/i.test(message)) {
    return new RequestRefusal(409, 'REQUESTS_DISABLED', REASONS.stationRequestsOff);
  }
  if (/not permitted/i.test(message)) {
    return new RequestRefusal(409, 'NOT_AVAILABLE', REASONS.generic);
  }
  return stationUnavailable();
}
