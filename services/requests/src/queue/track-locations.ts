import path from 'node:path';
import { builtInLibraryFile, builtInLibraryPath, isLibraryPath } from '@radio/station';
import type { ListedEntry } from './automation-queue-repository.ts';
import type { VoiceMessageLinks } from './voice-message-link.ts';

/** Where the automation queue's tracks are: library paths one way, the station's URIs the other. */
export interface TrackLocations extends VoiceMessageLinks {
  /**
   * The built-in station's folders (LIBRARY_DIR, REQUEST_LIBRARY_DIR): library paths
   * (@radio/station library-paths.ts) are files in them.
   */
  libraryDir?: string | undefined;
  requestLibraryDir?: string | undefined;
  /**
   * The built-in station's source key (library_tracks.source) when it runs: its tracks are
   * queued here, though its library publishes request ids like AzuraCast's.
   */
  builtInSource?: string | null;
}

const hasScheme = (value: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(value);

/**
 * The URI the station plays for a library path: the absolute file (what Liquidsoap reports
 * when it starts it). A URI or an absolute path (indexed before paths were relative) is played
 * as it is, and so is a path whose folder is not configured here. A path that would leave its
 * folder is refused (the library scan never writes one).
 */
export function trackUri(libraryPath: string, locations: TrackLocations): string {
  if (hasScheme(libraryPath) || path.isAbsolute(libraryPath)) return libraryPath;
  if (!isLibraryPath(libraryPath)) {
    throw new Error(`not a path of the station library: ${JSON.stringify(libraryPath)}`);
  }
  const { libraryDir, requestLibraryDir } = locations;
  return (
    builtInLibraryFile(libraryPath, { rotation: libraryDir, requestOnly: requestLibraryDir }) ??
    libraryPath
  );
}

/** The library path an entry plays (what the search calls `filename`); null for none. */
export function libraryPathOf(
  entry: Pick<ListedEntry, 'uri' | 'path'>,
  locations: TrackLocations,
): string | null {
  if (entry.path !== null && isLibraryPath(entry.path)) return entry.path;
  const { uri } = entry;
  if (isLibraryPath(uri) && !hasScheme(uri)) return uri;
  const folders = [
    { folder: locations.libraryDir, requestOnly: false },
    { folder: locations.requestLibraryDir, requestOnly: true },
  ];
  for (const { folder, requestOnly } of folders) {
    if (!folder) continue;
    const inFolder = path.relative(path.resolve(folder), uri);
    if (path.isAbsolute(uri) && isLibraryPath(inFolder)) {
      return builtInLibraryPath(inFolder, requestOnly);
    }
  }
  return null;
}
