import { FORBIDDEN_CHARACTERS } from '@radio/contracts';
import { HttpError } from '@radio/service-kit';
import type { SongRequestAnswer } from '@radio/station';
import { RequestRefusal } from './request-refusal.ts';
import { REASONS, formatWait } from './request-texts.ts';

const STATION_MESSAGE_MAX = 300;

export const stationUnavailable = (): HttpError =>
  new HttpError(
    503,
    'STATION_UNAVAILABLE',
    'De zender is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
    { 'retry-after': '60' },
  );

/**
 * What the listener (or the admin who approved) hears when the station did not take a request:
 * AzuraCast's own words, as its public request page shows them, with the wait it names.
 */
export function stationRefusal(
  answer: Exclude<SongRequestAnswer, { kind: 'accepted' }>,
): HttpError {
  switch (answer.kind) {
    case 'unavailable':
      return stationUnavailable();
    case 'rate-limited':
      return new RequestRefusal(
        429,
        'STATION_RATE_LIMIT',
        REASONS.rateLimit(answer.waitSeconds),
        answer.waitSeconds,
      );
    case 'refused': {
      if (answer.reason === 'not-found') {
        return new HttpError(404, 'TRACK_NOT_FOUND', REASONS.trackNotFound);
      }
      const said = stationWords(answer.message);
      if (answer.waitSeconds !== null) {
        return new RequestRefusal(
          429,
          'STATION_WAIT',
          `${REASONS.stationRefused(said)} Probeer het over ${formatWait(answer.waitSeconds)} opnieuw.`,
          answer.waitSeconds,
        );
      }
      return new RequestRefusal(409, 'STATION_REFUSED', REASONS.stationRefused(said));
    }
  }
}

/** A remote server's text, made safe to show: one line, no controls or direction overrides. */
export function stationWords(message: string): string {
  const oneLine = message
    .replace(new RegExp(FORBIDDEN_CHARACTERS.source, 'g'), '')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > STATION_MESSAGE_MAX
    ? `${oneLine.slice(0, STATION_MESSAGE_MAX - 1)}…`
    : oneLine;
}
