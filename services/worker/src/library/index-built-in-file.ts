import type { DjSettingsReader } from '@radio/db';
import { activeSourceOf } from '../station/active-source.ts';
import type { LibraryTracksRepository } from './library-tracks-repository.ts';

export interface BuiltInFileIndex {
  settings: DjSettingsReader;
  library: Pick<LibraryTracksRepository, 'upsert'>;
  /** The library index changed: cached search answers are out of date. */
  libraryChanged: () => Promise<void>;
}

/**
 * A file the worker just put in the built-in station's library, indexed at once (searchable and
 * queueable now, before the next scan) the way the scan publishes built-in files: the library
 * path is the media id, the path and the request id. Answers the source it was indexed for.
 */
export async function indexBuiltInFile(
  deps: BuiltInFileIndex,
  track: { libraryPath: string; title: string; artist: string; album: string; duration: number },
): Promise<string | null> {
  const source = activeSourceOf(await deps.settings.read(), 0);
  if (!source) return null;
  await deps.library.upsert(source.key, [
    {
      mediaId: track.libraryPath,
      path: track.libraryPath,
      requestId: track.libraryPath,
      requestable: true,
      title: track.title,
      artist: track.artist,
      album: track.album,
      duration: Math.round(track.duration),
    },
  ]);
  await deps.libraryChanged();
  return source.key;
}
