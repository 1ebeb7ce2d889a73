import type { Logger } from 'pino';
import type { DjSettingsReader } from '@radio/db';
import { activeSourceOf, type SourceFactory } from '../station/active-source.ts';
import { groupsListedEmpty, libraryGroupsOf } from './library-groups.ts';
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
 * job (BullMQ retries it) and marks nothing gone. A group of the library (libraryGroupsOf) that
 * the listing has no track of at all keeps its tracks: a folder whose volume is not mounted on
 * this machine, or a station answering an empty list, is far likelier than a library emptied on
 * purpose.
 */
export async function scanLibrary(deps: ScanLibraryDeps): Promise<void> {
  const source = activeSourceOf(await deps.settings.read(), deps.timeoutMs);
  // The files API needs the station's key.
  if (!source?.settings.apiKey) return;
  const scannedAt = (deps.now ?? (() => new Date()))();
  const started = performance.now();
  const library = await deps.createSource(source.settings).library();
  const written = await deps.tracks.upsert(source.key, library, scannedAt);
  const listed = library.map((track) => track.mediaId);
  const keptGroups = groupsListedEmpty(libraryGroupsOf(source.settings.nowPlayingUrl), listed);
  for (const group of keptGroups) {
    const kept = await deps.tracks.countLive(source.key, group.mediaIds);
    if (kept > 0) {
      deps.log.warn({ group: group.name, kept }, 'library folder listed empty: its tracks kept');
    }
  }
  const gone = await deps.tracks.markGone(
    source.key,
    listed,
    scannedAt,
    scannedAt,
    keptGroups.map((group) => group.mediaIds),
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
