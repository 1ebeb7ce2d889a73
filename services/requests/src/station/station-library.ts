import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { HttpError } from '@radio/service-kit';
import {
  builtInLibraryPath,
  isAmbiguousRotationPath,
  type BuiltInLibraryFolders,
  type BuiltInLibraryTrack,
} from '@radio/station';
import { withNamesFromFilename } from './song-names.ts';

/** What Liquidsoap plays from the library folder (it decodes through ffmpeg). */
const AUDIO_EXTENSIONS = new Set(['.mp3', '.ogg', '.opus', '.flac', '.m4a', '.aac', '.wav']);

/**
 * LIBRARY_DIR: the rotation, which Liquidsoap plays by itself; REQUEST_LIBRARY_DIR: songs that
 * only play when requested.
 */
export type StationLibraryFolders = BuiltInLibraryFolders;

const LIBRARY_UNAVAILABLE_MESSAGE =
  'De muziekbibliotheek van de zender is niet bereikbaar: een map ervan ontbreekt. ' +
  'Probeer het over een minuut opnieuw.';

/**
 * A configured library folder is not there: most likely its volume is not mounted on this
 * machine. Not an empty library: a scan that took it for one would mark all its tracks gone.
 */
export class LibraryUnavailableError extends HttpError {
  /** The server's path of the missing folder, for the log (never in the answer). */
  readonly folder: string;

  constructor(folder: string) {
    super(503, 'LIBRARY_UNAVAILABLE', LIBRARY_UNAVAILABLE_MESSAGE, { 'retry-after': '60' });
    this.name = 'LibraryUnavailableError';
    this.folder = folder;
  }
}

/**
 * The built-in station's library: the audio files of its two folders with their tags, by library
 * path (@radio/station library-paths.ts: relative, never the server's path). Each file is read
 * once; a scan reads only what is new or changed since.
 */
export class StationLibrary {
  readonly #folders: { dir: string; requestOnly: boolean }[];
  readonly #known = new Map<string, { version: string; track: BuiltInLibraryTrack }>();

  constructor(folders: StationLibraryFolders) {
    this.#folders = [
      { dir: folders.rotation, requestOnly: false },
      { dir: folders.requestOnly, requestOnly: true },
    ].flatMap(({ dir, requestOnly }) => (dir ? [{ dir: path.resolve(dir), requestOnly }] : []));
  }

  /**
   * Every track, the rotation first, each folder by path. A configured folder that does not
   * exist throws LibraryUnavailableError.
   */
  async tracks(): Promise<BuiltInLibraryTrack[]> {
    const tracks: BuiltInLibraryTrack[] = [];
    const present = new Set<string>();
    for (const { dir, requestOnly } of this.#folders) {
      for (const file of await audioFilesUnder(dir)) {
        if (!requestOnly && isAmbiguousRotationPath(file)) continue;
        const fullPath = path.join(dir, file);
        present.add(fullPath);
        const track = await this.#read(
          fullPath,
          builtInLibraryPath(file, requestOnly),
          requestOnly,
        );
        if (track) tracks.push(track);
      }
    }
    for (const file of this.#known.keys()) if (!present.has(file)) this.#known.delete(file);
    return tracks;
  }

  async #read(
    fullPath: string,
    libraryPath: string,
    requestOnly: boolean,
  ): Promise<BuiltInLibraryTrack | null> {
    const stats = await stat(fullPath).catch(() => null);
    if (!stats) return null; // gone since the listing
    const version = `${stats.mtimeMs}:${stats.size}`;
    const known = this.#known.get(fullPath);
    if (known?.version === version && known.track.requestOnly === requestOnly) return known.track;
    const tags = await parseFile(fullPath, { skipCovers: true }).catch(() => null);
    const track = withNamesFromFilename(
      {
        path: libraryPath,
        requestOnly,
        artist: tags?.common.artist ?? '',
        title: tags?.common.title ?? '',
        album: tags?.common.album ?? '',
        genre: tags?.common.genre?.[0] ?? '',
        duration: Math.round(tags?.format.duration ?? 0),
        modifiedAt: Math.floor(stats.mtimeMs / 1000),
      },
      fullPath,
    );
    this.#known.set(fullPath, { version, track });
    return track;
  }
}

async function audioFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && error.path === dir) throw new LibraryUnavailableError(dir);
      throw error;
    },
  );
  return entries
    .filter(
      (entry) => entry.isFile() && AUDIO_EXTENSIONS.has(path.extname(entry.name).toLowerCase()),
    )
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort((a, b) => a.localeCompare(b));
}
