import type { RequestStatusValue } from '@radio/contracts';
import { ApiError, failureMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/format-time';

/** Spec section 3: approved, played; anything else shows as in review. */
export function statusLabel(status: RequestStatusValue): string {
  if (status === 'approved') return 'Goedgekeurd';
  if (status === 'played') return 'Gedraaid';
  return 'In behandeling';
}

/** "14:32" in the station's time zone for an ISO moment. */
export function clockOf(iso: string, timeZone: string): string {
  return formatClock(Date.parse(iso) / 1000, timeZone);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "ma 23 nov. 14:32" in the station's time zone, for the listener's own history. */
export function dayAndClockOf(iso: string, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('nl-NL', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(Date.parse(iso));
}

/** A refusal's text: the server's message (it names the wait), and the time it ends. */
export function refusalText(error: unknown, timeZone: string): string {
  const message = failureMessage(error);
  if (!(error instanceof ApiError)) return message;
  try {
    const body = JSON.parse(error.body) as { retryAfter?: unknown };
    if (typeof body.retryAfter === 'number' && body.retryAfter > 0) {
      const at = new Date(Date.now() + body.retryAfter * 1000).toISOString();
      return `${message} Dat is rond ${clockOf(at, timeZone)}.`;
    }
  } catch {
    // a body without JSON: its message is all there is
  }
  return message;
}
