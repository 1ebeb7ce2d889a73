import type { Logger } from 'pino';
import type { DjSettingsReader } from '@radio/db';
import { activeSourceOf, type SourceFactory } from '../station/active-source.ts';
import type { LibraryTracksRepository } from './library-tracks-repository.ts';

export interface ScanLibraryDeps {
  settings: DjSettingsReader;
  tracks: LibraryTracksRepository;
  createSource: SourceFactory;
  /** A library of many thousand files may take a while to list. */
  timeoutMs: number;
  /** The library index changed: cached search answers are out of date. */
  libraryChanged: () => Promise<void>;
  log: Logger;
  now?: () => Date;
}

/**
 * The scan-library job: indexes the active source's whole library (built-in station: its files
 * endpoint; AzuraCast: its files and requests APIs with the mode's key). Tracks it no longer
 * lists are marked gone; a track that comes back is indexed again. A failing source fails the
 * job (BullMQ retries it) and marks nothing gone.
 */
export async function scanLibrary(deps: ScanLibraryDeps): Promise<void> {
  const source = activeSourceOf(await deps.settings.read(), deps.timeoutMs);
  // The files API needs the station's key.
  if (!source?.settings.apiKey) return;
  const scannedAt = (deps.now ?? (() => new Date()))();
  const started = performance.now();
  const library = await deps.createSource(source.settings).library();
  const written = await deps.tracks.upsert(source.key, library, scannedAt);
  const gone = await deps.tracks.markGone(
    source.key,
    library.map((track) => track.mediaId),
    scannedAt,
    scannedAt,
  );
  if (written > 0 || gone > 0) await deps.libraryChanged();
  deps.log.info(
    {
      source: source.key,
      tracks: library.length,
      written,
      gone,
      ms: Math.round(performance.now() - started),
    },
    'library scanned',
  );
}
