import type { AdminPlaylistEntry } from '@radio/contracts';
import { formatClock } from '@/lib/format-time';

export const KIND_LABELS: Record<AdminPlaylistEntry['kind'], string> = {
  request: 'verzoekje',
  manual: 'handmatig',
  voice_message: 'spraakbericht',
  station: 'AzuraCast',
};

export type Direction = 'up' | 'down';

export const trackName = (track: { artist: string; title: string }): string =>
  track.artist ? `${track.artist} – ${track.title}` : track.title;

/** "rond 14:05" when the queue knows when an entry starts. */
export function expectedStart(iso: string | null, timeZone: string): string | null {
  if (iso === null) return null;
  const moment = Date.parse(iso);
  return Number.isNaN(moment) ? null : `rond ${formatClock(moment / 1000, timeZone)}`;
}
