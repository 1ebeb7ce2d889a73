import type { Db } from '@radio/db';

export interface LibraryUpload {
  id: number;
  artist: string;
  title: string;
  objectKey: string;
  /** The album the file's own tags name, if any. */
  tagAlbum: string | null;
  libraryStatus: 'queued' | 'added' | 'failed' | null;
}

/**
 * cloud_uploads (the uploads service's table): the worker moves the library fields of an upload
 * an admin asked to add to the station library, as it moves a request's download status.
 */
export class LibraryUploadsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async find(id: number): Promise<LibraryUpload | undefined> {
    return this.#db
      .selectFrom('cloudUploads')
      .select(['id', 'artist', 'title', 'objectKey', 'tagAlbum', 'libraryStatus'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async added(id: number, libraryPath: string): Promise<void> {
    await this.#db
      .updateTable('cloudUploads')
      .set({ libraryStatus: 'added', libraryPath, libraryError: null })
      .where('id', '=', id)
      .execute();
  }

  async failed(id: number, reason: string): Promise<void> {
    await this.#db
      .updateTable('cloudUploads')
      .set({ libraryStatus: 'failed', libraryError: reason })
      .where('id', '=', id)
      .execute();
  }
}
