import type { AdminOverview } from '@radio/contracts';
import { formatClock } from '@/lib/format-time';
import { displayArtist, displayTitle } from '@/lib/song-names';

/** The overview's cards, in their order (the skeleton shows them while loading). */
export const CARD_TITLES = [
  'Nu op de radio',
  'Luisteraars',
  'Verzoekjes vandaag',
  'Uploads te beoordelen',
  'Bron',
] as const;

export const KIND_LABELS = {
  builtin: 'Ingebouwde zender',
  azuracast: 'AzuraCast',
  none: 'Geen bron ingesteld',
} as const satisfies Record<AdminOverview['source']['kind'], string>;

export const MODE_LABELS = {
  nonstop: 'Nonstop',
  live: 'Live',
} as const satisfies Record<AdminOverview['source']['mode'], string>;

export const clockOf = (iso: string, timeZone: string): string =>
  formatClock(Date.parse(iso) / 1000, timeZone);

export const songText = (song: { artist: string; title: string }): string =>
  `${displayArtist(song.artist)} – ${displayTitle(song.title)}`;
