import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { JobData } from '@radio/contracts/jobs';
import { builtInLibraryPath } from '@radio/station';
import {
  makeOwnedWorkDir,
  ObjectNotFoundError,
  removeOrphanedWorkDirs,
  type ObjectStorage,
} from '@radio/storage';
import { probeAudio, writeTaggedMp3 } from '../acquisition/audio-file.ts';
import { libraryBaseName, placeInLibrary } from '../acquisition/library-file.ts';
import { indexBuiltInFile, type BuiltInFileIndex } from '../library/index-built-in-file.ts';
import type { LibraryUpload, LibraryUploadsRepository } from './library-uploads-repository.ts';

export interface AddUploadDeps extends BuiltInFileIndex {
  uploads: LibraryUploadsRepository;
  /** Unset: no object storage configured. */
  storage: ObjectStorage | undefined;
  /** LIBRARY_DIR, the built-in station's rotation; null: not configured. */
  libraryDir: string | null;
  log: Logger;
  /** Where the private work folder is made (default: the system's temp folder). */
  tempDir?: string;
}

const WORK_PREFIX = 'radio-library-upload-';
/** Far longer than a job takes (one file of at most 50 MB copied and encoded). */
const ORPHAN_IDLE_MS = 30 * 60_000;

/**
 * Removes the work folders of jobs that a killed worker left in `tempDir` (see
 * removeOrphanedWorkDirs); answers their names.
 */
export function removeOrphanedLibraryWork(tempDir = tmpdir()): Promise<string[]> {
  return removeOrphanedWorkDirs(tempDir, [WORK_PREFIX], ORPHAN_IDLE_MS);
}

/** A reason an admin can read; it is stored on the upload. */
class LibraryFailure extends Error {}

/**
 * The add-upload-to-library job: the upload's file, as a tagged `Artist - Title.mp3` (MP3 copied,
 * anything else encoded), lands in LIBRARY_DIR (never over another file) and is indexed at once,
 * so it is searchable and requestable. A failure is stored on the upload with its reason and not
 * retried: the admin sees it and may ask again. Idempotent: an added upload is left alone.
 */
export async function addUploadToLibrary(
  deps: AddUploadDeps,
  { uploadId }: JobData<'add-upload-to-library'>,
): Promise<void> {
  const upload = await deps.uploads.find(uploadId);
  if (!upload) throw new UnrecoverableError(`cloud upload ${uploadId} does not exist`);
  if (upload.libraryStatus !== 'queued') return;
  try {
    const file = await placeUpload(deps, upload);
    const libraryPath = builtInLibraryPath(path.basename(file.path), false);
    await indexBuiltInFile(deps, {
      libraryPath,
      title: upload.title,
      artist: upload.artist,
      album: upload.tagAlbum ?? '',
      duration: file.duration,
    });
    await deps.uploads.added(uploadId, libraryPath);
    deps.log.info({ uploadId, file: libraryPath }, 'cloud upload added to the library');
  } catch (error) {
    const reason =
      error instanceof LibraryFailure
        ? error.message
        : `Onverwachte fout: ${error instanceof Error ? error.message : String(error)}`;
    await deps.uploads.failed(uploadId, reason);
    deps.log.warn({ uploadId, reason }, 'cloud upload not added to the library');
    throw new UnrecoverableError(reason);
  }
}

async function placeUpload(
  deps: AddUploadDeps,
  upload: LibraryUpload,
): Promise<{ path: string; duration: number }> {
  if (!deps.libraryDir) {
    throw new LibraryFailure('Geen bibliotheekmap ingesteld (LIBRARY_DIR).');
  }
  if (!deps.storage) throw new LibraryFailure('Geen opslag ingesteld voor de uploads.');
  await removeOrphanedLibraryWork(deps.tempDir);
  const work = await makeOwnedWorkDir(deps.tempDir ?? tmpdir(), WORK_PREFIX);
  try {
    const original = path.join(work, 'original');
    const object = await deps.storage.get(upload.objectKey).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) {
        throw new LibraryFailure('Het bestand van deze upload staat niet meer in de opslag.');
      }
      throw error;
    });
    await pipeline(object, createWriteStream(original));
    const audio = await probeAudio(original);
    if (!audio) throw new LibraryFailure('Het bestand is geen afspeelbare audio.');
    const tagged = path.join(work, 'tagged.mp3');
    const tags = { artist: upload.artist, title: upload.title, album: upload.tagAlbum ?? '' };
    await writeTaggedMp3(audio, tags, tagged);
    const target = await placeInLibrary(
      tagged,
      path.resolve(deps.libraryDir),
      libraryBaseName(upload.artist, upload.title, `upload-${upload.id}`),
    );
    return { path: target, duration: audio.duration };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
