// Without zod, so a page that needs only these numbers does not bring the schemas with it.

/** Plays listed before the current one (spec section 9: recent songs shown 5). */
export const SONG_HISTORY_LENGTH = 5;
