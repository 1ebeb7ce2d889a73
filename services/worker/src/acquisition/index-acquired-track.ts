import type { AcquiredTrackRow } from './acquired-tracks-repository.ts';

/** Whatever writes library_tracks rows: the minimal AcquiredTracksRepository, or the scan's. */
export interface LibraryTrackWriter {
  upsert(track: AcquiredTrackRow): Promise<string>;
}

/**
 * Makes an acquired track part of the indexed library at once (the next scan finds it too), so
 * it can be queued and searched without waiting for the scan. Returns the library track's id.
 */
export function indexAcquiredTrack(
  writer: LibraryTrackWriter,
  track: AcquiredTrackRow,
): Promise<string> {
  return writer.upsert(track);
}
