import type { OwnRequest } from '@radio/contracts';
import { readStored, writeStored } from '@/lib/local-store';

// The requests this browser sent, per user, as POST /api/requests answered them: the server has
// no list of a listener's own requests yet, so "Mijn verzoekjes" and the highlighting in the
// queue lists use this, with the status the lists report.
const MAX_KEPT = 50;
const keyOf = (userId: number) => `radio.own-requests.${userId}`;

export function readOwnRequests(userId: number): OwnRequest[] {
  try {
    const parsed: unknown = JSON.parse(readStored(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as OwnRequest[]) : [];
  } catch {
    return [];
  }
}

export function rememberOwnRequest(userId: number, request: OwnRequest): OwnRequest[] {
  const next = [request, ...readOwnRequests(userId).filter((r) => r.id !== request.id)].slice(
    0,
    MAX_KEPT,
  );
  writeStored(keyOf(userId), JSON.stringify(next));
  return next;
}
