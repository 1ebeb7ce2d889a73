import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import type { BuiltInLibraryTrack } from '@radio/station';
import { withNamesFromFilename } from './song-names.ts';

/** What Liquidsoap plays from the library folder (it decodes through ffmpeg). */
const AUDIO_EXTENSIONS = new Set(['.mp3', '.ogg', '.opus', '.flac', '.m4a', '.aac', '.wav']);

/**
 * The built-in station's library: the audio files under LIBRARY_DIR with their tags. Each file is
 * read once; a scan reads only what is new or changed since.
 */
export class StationLibrary {
  readonly #dir: string | undefined;
  readonly #known = new Map<string, { version: string; track: BuiltInLibraryTrack }>();

  constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  /** Every track, by path. A missing folder is an empty library. */
  async tracks(): Promise<BuiltInLibraryTrack[]> {
    const dir = this.#dir;
    if (!dir) return [];
    const files = await audioFilesUnder(dir);
    const tracks: BuiltInLibraryTrack[] = [];
    for (const file of files) {
      const track = await this.#read(dir, file);
      if (track) tracks.push(track);
    }
    const present = new Set(files);
    for (const file of this.#known.keys()) if (!present.has(file)) this.#known.delete(file);
    return tracks;
  }

  async #read(dir: string, file: string): Promise<BuiltInLibraryTrack | null> {
    const fullPath = path.join(dir, file);
    const stats = await stat(fullPath).catch(() => null);
    if (!stats) return null; // gone since the listing
    const version = `${stats.mtimeMs}:${stats.size}`;
    const known = this.#known.get(file);
    if (known?.version === version) return known.track;
    const tags = await parseFile(fullPath, { skipCovers: true }).catch(() => null);
    const track = withNamesFromFilename(
      {
        path: file,
        artist: tags?.common.artist ?? '',
        title: tags?.common.title ?? '',
        album: tags?.common.album ?? '',
        genre: tags?.common.genre?.[0] ?? '',
        duration: Math.round(tags?.format.duration ?? 0),
        modifiedAt: Math.floor(stats.mtimeMs / 1000),
      },
      file,
    );
    this.#known.set(file, { version, track });
    return track;
  }
}

async function audioFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter(
      (entry) => entry.isFile() && AUDIO_EXTENSIONS.has(path.extname(entry.name).toLowerCase()),
    )
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort((a, b) => a.localeCompare(b));
}
