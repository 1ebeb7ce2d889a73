import type { OwnRequest } from '@radio/contracts';
import { statusLabel } from './request-display';

type Timed = Pick<OwnRequest, 'status' | 'playedAt' | 'duration'>;

/**
 * A played request's song is on air for the listener while `heardNowMs` (lib/server-clock's
 * heardNow: the station's time as it reaches their ear) is within [playedAt, playedAt + duration).
 */
export function isOnAir(request: Timed, heardNowMs: number): boolean {
  if (request.status !== 'played' || !request.playedAt) return false;
  const start = Date.parse(request.playedAt);
  return heardNowMs >= start && heardNowMs < start + (request.duration ?? 0) * 1000;
}

/** "Mijn verzoekjes": In behandeling, Goedgekeurd, Nu op de radio while it plays, then Gedraaid. */
export function requestStage(request: Timed, heardNowMs: number): string {
  return isOnAir(request, heardNowMs) ? 'Nu op de radio' : statusLabel(request.status);
}
