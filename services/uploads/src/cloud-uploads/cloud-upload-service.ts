import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import {
  CLOUD_UPLOAD_MAX_BYTES,
  CLOUD_UPLOAD_MIN_KBPS,
  type CloudUpload,
  type CloudUploadFields,
} from '@radio/contracts';
import type { CloudUploadRow, CloudUploadStatus } from '@radio/db';
import { HttpError } from '@radio/service-kit';
import type { ObjectStorage } from '@radio/storage';
import { DAY_MS, type UploadAdmission } from '../upload-admission.ts';
import { makeWorkDir } from '../work-dir.ts';
import { inspectTrack, visibleText } from './cloud-audio.ts';
import { MeasureWhileArriving } from './track-measure.ts';
import type { CloudUploadsRepository } from './cloud-uploads-repository.ts';

export const CLOUD_KEY_PREFIX = 'cloud-uploads/';

export interface CloudUploadLimits {
  perDay: number;
  downloadTtlSeconds: number;
  /** STORAGE_VIEW_URL_TEMPLATE and the bucket it is filled with. */
  storageView?: { template: string; bucket: string };
}

/** The built-in station's library, which approved uploads can be added to (by the worker). */
export interface StationLibrary {
  /** Hands the upload to the worker (the add-upload-to-library job). */
  enqueueAdd: (uploadId: number) => Promise<void>;
}

export interface StoredUpload {
  row: CloudUploadRow;
  stream: Readable;
  size: number;
}

/**
 * `receive` streams the upload through `through` into the file it is given and returns the
 * checked form.
 */
export type ReceiveUpload = (
  file: string,
  through: Transform,
) => Promise<{ fields: CloudUploadFields; fileName: string }>;

/** The guideline is about lossy encodings: a FLAC of a quiet song may average below 128 kbps. */
const LOSSLESS_TYPES = new Set(['audio/flac', 'audio/wav', 'audio/x-wav']);

/** `{bucket}` and `{key}` filled in (each URL-encoded), or null without a template. */
export function storageViewUrl(
  template: string | undefined,
  bucket: string,
  key: string,
): string | null {
  if (!template) return null;
  return template
    .replaceAll('{bucket}', encodeURIComponent(bucket))
    .replaceAll('{key}', encodeURIComponent(key));
}

/** A measured fact as shown: a value the schema refuses (a row from before the checks) is unknown. */
const finiteOrNull = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null;

export function toCloudUpload(row: CloudUploadRow, storageUrl: string | null = null): CloudUpload {
  const bitrateKbps = finiteOrNull(row.bitrateKbps);
  return {
    id: row.id,
    artist: row.artist,
    title: row.title,
    originalName: row.originalName,
    submittedBy: row.submittedBy,
    message: row.message,
    uploadedAt: row.uploadedAt.toISOString(),
    status: row.status,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    contentType: row.contentType,
    sizeBytes: Number(row.sizeBytes),
    bitrateKbps,
    durationSeconds: finiteOrNull(row.durationSeconds),
    fileTags:
      row.tagArtist === null && row.tagTitle === null && row.tagAlbum === null
        ? null
        : { artist: row.tagArtist, title: row.tagTitle, album: row.tagAlbum },
    lowBitrate:
      !LOSSLESS_TYPES.has(row.contentType) &&
      (bitrateKbps === null || bitrateKbps < CLOUD_UPLOAD_MIN_KBPS),
    storageUrl,
    libraryStatus: row.libraryStatus,
    libraryPath: row.libraryPath,
    libraryError: row.libraryError,
  };
}

/**
 * The download's name: the bare name the browser gave the file, with the extension of what the
 * file is (`listen-to-me.html` that is an mp3 downloads as `listen-to-me.mp3`).
 */
const downloadName = (name: string, extension: string): string => {
  const bare = visibleText((name.split(/[\\/]/).at(-1) ?? '').replaceAll('"', ''), 190);
  return `${bare.replace(/\.(?=\p{N}*\p{L})[\p{L}\p{N}]{1,10}$/u, '').trim() || 'track'}.${extension}`;
};

/** Listener track uploads: checked, stored, moderated by an admin and downloaded. */
export class CloudUploadService {
  readonly #storage: ObjectStorage;
  readonly #repository: CloudUploadsRepository;
  readonly #limits: CloudUploadLimits;
  readonly #admission: UploadAdmission;
  readonly #library: StationLibrary | null;

  constructor(
    storage: ObjectStorage,
    repository: CloudUploadsRepository,
    limits: CloudUploadLimits,
    admission: UploadAdmission,
    library: StationLibrary | null = null,
  ) {
    this.#storage = storage;
    this.#repository = repository;
    this.#limits = limits;
    this.#admission = admission;
    this.#library = library;
  }

  /** The station has a library of its own that uploads can be added to. */
  get libraryAvailable(): boolean {
    return this.#library !== null;
  }

  /** The times of the user's stored uploads of the last 24 hours, oldest first. */
  #storedToday(userId: number): Promise<Date[]> {
    return this.#repository.uploadTimesSince(userId, new Date(Date.now() - DAY_MS));
  }

  /**
   * The upload streams into a private temporary file (never whole in memory) while the size
   * limit is enforced and a decoder measures it as it comes, is checked by its bytes, then
   * streamed into storage; only an upload that
   * passes every check becomes an object and a row, and any failure removes both. Refused
   * before a byte is read when the listener or the storage has no room (UploadAdmission).
   */
  async store(userId: number, receive: ReceiveUpload): Promise<CloudUploadRow> {
    const admission = await this.#admission.enter('track', userId, await this.#storedToday(userId));
    let work: string | null = null;
    let key: string | null = null;
    let arriving: MeasureWhileArriving | null = null;
    try {
      work = await makeWorkDir(this.#storage, 'radio-cloud-');
      const upload = path.join(work, 'upload');
      arriving = new MeasureWhileArriving(upload);
      const { fields, fileName } = await receive(upload, arriving);
      arriving.arrived();
      const facts = await inspectTrack(upload, arriving);
      key = `${CLOUD_KEY_PREFIX}${randomBytes(16).toString('hex')}.${facts.extension}`;
      const { size } = await this.#storage.putFile(key, upload, {
        maxBytes: CLOUD_UPLOAD_MAX_BYTES,
        contentType: facts.contentType,
      });
      const row = await this.#repository.insertWithinLimit(
        {
          userId,
          artist: fields.artist,
          title: fields.title,
          originalName: downloadName(fileName, facts.extension),
          submittedBy: fields.submittedBy,
          message: fields.message || null,
          objectKey: key,
          contentType: facts.contentType,
          sizeBytes: size,
          bitrateKbps: facts.bitrateKbps,
          durationSeconds: facts.durationSeconds,
          tagArtist: facts.tags.artist,
          tagTitle: facts.tags.title,
          tagAlbum: facts.tags.album,
        },
        this.#limits.perDay,
        new Date(Date.now() - DAY_MS),
      );
      if (row) return row;
      // Parallel uploads of one user that together passed the limit: the last ones are refused.
      throw this.#admission.dailyLimitReached('track', await this.#storedToday(userId));
    } catch (error) {
      if (key !== null) await this.#storage.delete(key);
      throw this.#admission.asStorageFull('track', error);
    } finally {
      arriving?.stop();
      if (work !== null) await rm(work, { recursive: true, force: true });
      await admission.release();
    }
  }

  list(status: CloudUploadStatus | undefined): Promise<CloudUploadRow[]> {
    return this.#repository.list(status);
  }

  /** A listener's own uploads, newest first. */
  listOf(userId: number): Promise<CloudUploadRow[]> {
    return this.#repository.listOf(userId);
  }

  /**
   * An approved (or downloaded) upload goes to the station library: queued for the worker, which
   * copies, tags and indexes it. Asking again while queued or once added changes nothing; after a
   * failure it is tried again.
   */
  async addToLibrary(id: number): Promise<{
    row: CloudUploadRow;
    queued: boolean;
    previousLibraryStatus: CloudUploadRow['libraryStatus'];
  }> {
    const library = this.#library;
    if (!library) {
      throw new HttpError(
        409,
        'NO_STATION_LIBRARY',
        'Deze zender heeft geen eigen bibliotheek: voeg het nummer toe in AzuraCast.',
      );
    }
    // For the audit log: null (never tried) or failed (tried again).
    const previousLibraryStatus = (await this.#repository.findById(id))?.libraryStatus ?? null;
    const queued = await this.#repository.queueForLibrary(id);
    if (queued) {
      try {
        await library.enqueueAdd(id);
      } catch (error) {
        await this.#repository.unqueueForLibrary(id);
        throw error;
      }
      return { row: queued, queued: true, previousLibraryStatus };
    }
    const row = await this.#repository.findById(id);
    if (!row) throw notFound();
    if (row.status !== 'approved' && row.status !== 'downloaded') {
      throw new HttpError(
        409,
        'UPLOAD_NOT_APPROVED',
        'Alleen een goedgekeurde upload kan aan de bibliotheek worden toegevoegd.',
      );
    }
    return { row, queued: false, previousLibraryStatus };
  }

  /** The upload as the API shows it. */
  present(row: CloudUploadRow): CloudUpload {
    const view = this.#limits.storageView;
    return toCloudUpload(row, storageViewUrl(view?.template, view?.bucket ?? '', row.objectKey));
  }

  /** pending → approved or rejected; every other move is a conflict. */
  async decide(
    id: number,
    status: 'approved' | 'rejected',
    admin: string,
  ): Promise<CloudUploadRow> {
    const row = await this.#repository.move(id, ['pending'], status, admin);
    if (row) return row;
    throw (await this.#repository.findById(id)) ? conflict(status) : notFound();
  }

  /**
   * A short-lived link to the original file; an approved upload becomes downloaded (`downloaded`:
   * the row it became, null when it was downloaded before).
   */
  async download(
    id: number,
    admin: string,
  ): Promise<{ url: string; downloaded: CloudUploadRow | null }> {
    const row = await this.#repository.findById(id);
    if (!row) throw notFound();
    if (row.status !== 'approved' && row.status !== 'downloaded') throw conflict('downloaded');
    if (!(await this.#storage.stat(row.objectKey))) throw notFound();
    const url = await this.#storage.signedUrl(row.objectKey, this.#limits.downloadTtlSeconds, {
      downloadName: row.originalName,
    });
    const downloaded =
      row.status === 'approved'
        ? await this.#repository.move(id, ['approved'], 'downloaded', admin)
        : undefined;
    return { url, downloaded: downloaded ?? null };
  }

  /** The upload behind a stored object and its bytes, for a signed local link. */
  async open(objectKey: string): Promise<StoredUpload | null> {
    return this.#opened(await this.#repository.findByKey(objectKey));
  }

  /** An upload and its bytes, for the admin's preview. */
  async openById(id: number): Promise<StoredUpload | null> {
    return this.#opened(await this.#repository.findById(id));
  }

  async #opened(row: CloudUploadRow | undefined): Promise<StoredUpload | null> {
    const stat = row ? await this.#storage.stat(row.objectKey) : null;
    if (!row || !stat) return null;
    return { row, stream: await this.#storage.get(row.objectKey), size: stat.size };
  }
}

const notFound = (): HttpError =>
  new HttpError(404, 'NOT_FOUND', 'Deze upload bestaat niet (meer).');
const conflict = (to: string): HttpError =>
  new HttpError(
    409,
    'INVALID_STATUS_TRANSITION',
    to === 'downloaded'
      ? 'Alleen een goedgekeurde upload kan worden gedownload.'
      : 'Alleen een upload die wacht op beoordeling kan worden goedgekeurd of afgewezen.',
  );
