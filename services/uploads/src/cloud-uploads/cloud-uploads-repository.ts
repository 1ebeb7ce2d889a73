import { sql } from 'kysely';
import type { CloudUploadRow, CloudUploadStatus, Db, NewCloudUpload } from '@radio/db';

export class CloudUploadsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Inserts the upload unless its user already made `perDay` since `since` (then undefined).
   * One user's uploads are counted and inserted one at a time, so parallel uploads cannot slip
   * past the limit together.
   */
  async insertWithinLimit(
    row: NewCloudUpload & { userId: number },
    perDay: number,
    since: Date,
  ): Promise<CloudUploadRow | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const lock = `cloud-uploads:${row.userId}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx);
      const { count } = await trx
        .selectFrom('cloudUploads')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', row.userId)
        .where('uploadedAt', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(count) >= perDay) return undefined;
      return trx.insertInto('cloudUploads').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  /** A user's uploads since `since`, oldest first (their times, for the daily limit). */
  async uploadTimesSince(userId: number, since: Date): Promise<Date[]> {
    const rows = await this.#db
      .selectFrom('cloudUploads')
      .select('uploadedAt')
      .where('userId', '=', userId)
      .where('uploadedAt', '>', since)
      .orderBy('uploadedAt', 'asc')
      .execute();
    return rows.map((row) => row.uploadedAt);
  }

  async list(status: CloudUploadStatus | undefined): Promise<CloudUploadRow[]> {
    let query = this.#db.selectFrom('cloudUploads').selectAll();
    if (status) query = query.where('status', '=', status);
    return query.orderBy('uploadedAt', 'desc').orderBy('id', 'desc').limit(1000).execute();
  }

  async listOf(userId: number): Promise<CloudUploadRow[]> {
    return this.#db
      .selectFrom('cloudUploads')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('uploadedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /**
   * Marks an approved or downloaded upload queued for the station library, unless it is queued or
   * added already; undefined when nothing was marked.
   */
  async queueForLibrary(id: number): Promise<CloudUploadRow | undefined> {
    return this.#db
      .updateTable('cloudUploads')
      .set({ libraryStatus: 'queued', libraryError: null })
      .where('id', '=', id)
      .where('status', 'in', ['approved', 'downloaded'])
      .where((eb) => eb.or([eb('libraryStatus', 'is', null), eb('libraryStatus', '=', 'failed')]))
      .returningAll()
      .executeTakeFirst();
  }

  /** The job could not be handed to the worker: the upload is not queued after all. */
  async unqueueForLibrary(id: number): Promise<void> {
    await this.#db
      .updateTable('cloudUploads')
      .set({ libraryStatus: null })
      .where('id', '=', id)
      .where('libraryStatus', '=', 'queued')
      .execute();
  }

  async findById(id: number): Promise<CloudUploadRow | undefined> {
    return this.#db.selectFrom('cloudUploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves the upload from one of `from` to `to`; undefined when it was in no such status. */
  async move(
    id: number,
    from: readonly CloudUploadStatus[],
    to: CloudUploadStatus,
    reviewedBy: string,
  ): Promise<CloudUploadRow | undefined> {
    return this.#db
      .updateTable('cloudUploads')
      .set({ status: to, reviewedBy, reviewedAt: new Date() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  async findByKey(objectKey: string): Promise<CloudUploadRow | undefined> {
    return this.#db
      .selectFrom('cloudUploads')
      .selectAll()
      .where('objectKey', '=', objectKey)
      .executeTakeFirst();
  }
}
