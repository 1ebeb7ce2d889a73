const UNKNOWN_ARTIST = 'Onbekende Artiest';
const UNKNOWN_TITLE = 'Onbekende Titel';

/** The artist as shown to listeners: an empty or missing name reads "Onbekende Artiest". */
export function displayArtist(artist: string | null | undefined): string {
  return artist?.trim() || UNKNOWN_ARTIST;
}

/** The title as shown to listeners: an empty or missing title reads "Onbekende Titel". */
export function displayTitle(title: string | null | undefined): string {
  return title?.trim() || UNKNOWN_TITLE;
}
