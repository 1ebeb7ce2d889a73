/**
 * Today's days, hours and plays grow with every song (a past day's never change): a page opened
 * again after this reads them anew, one left open keeps what it shows.
 */
export const ARCHIVE_STALE_MS = 60 * 1000;
