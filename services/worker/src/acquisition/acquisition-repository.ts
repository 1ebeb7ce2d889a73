import type { Db, DownloadStatus, RequestSource, RequestStatus, StationStep } from '@radio/db';

export interface AcquisitionRequest {
  id: number;
  source: RequestSource;
  status: RequestStatus;
  deezerTrackId: string | null;
  title: string;
  artist: string;
  album: string | null;
  duration: number | null;
  filename: string | null;
  downloadStatus: DownloadStatus;
}

/** The download fields of song_requests that the worker moves (ARCHITECTURE: table ownership). */
export class AcquisitionRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  find(id: number): Promise<AcquisitionRequest | undefined> {
    return this.#db
      .selectFrom('songRequests')
      .select([
        'id',
        'source',
        'status',
        'deezerTrackId',
        'title',
        'artist',
        'album',
        'duration',
        'filename',
        'downloadStatus',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Marks a try started and returns its number within the round. A request that had failed
   * starts a new round (someone asked again).
   */
  async startTry(id: number): Promise<number> {
    const row = await this.#db
      .updateTable('songRequests')
      .set((eb) => ({
        downloadStatus: 'downloading',
        downloadAttempts: eb
          .case()
          .when('downloadStatus', '=', 'failed')
          .then(1)
          .else(eb('downloadAttempts', '+', 1))
          .end(),
      }))
      .where('id', '=', id)
      .returning('downloadAttempts')
      .executeTakeFirstOrThrow();
    return row.downloadAttempts;
  }

  /**
   * A try failed: with another to follow the request is pending again, else failed. The reason
   * stays for an admin either way.
   */
  async tryFailed(id: number, reason: string, final: boolean): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({ downloadStatus: final ? 'failed' : 'pending', downloadError: reason })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The track is in the library: the request points at its library row (the queue plays that).
   * `mediaId`: the row's id at the source when it is not the file name (AzuraCast's unique_id);
   * `stationStep`: on an AzuraCast station, it waits until the station lists it as requestable.
   */
  async ready(
    id: number,
    filename: string,
    source: string | null,
    station: { mediaId: string; stationStep: 'awaiting_requestable' } | null = null,
  ): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set((eb) => ({
        downloadStatus: 'ready',
        downloadError: null,
        filename,
        libraryTrackId:
          source === null
            ? null
            : eb
                .selectFrom('libraryTracks')
                .select('libraryTracks.id')
                .where('libraryTracks.source', '=', source)
                .where('libraryTracks.mediaId', '=', station?.mediaId ?? filename),
        ...(station ? { stationStep: station.stationStep, stationNote: null } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** A request whose track went to an AzuraCast station: where it is, and its media there. */
  stationTrackOf(id: number): Promise<
    | {
        status: RequestStatus;
        stationStep: StationStep | null;
        source: string;
        mediaId: string;
        path: string;
      }
    | undefined
  > {
    return this.#db
      .selectFrom('songRequests as r')
      .innerJoin('libraryTracks as t', 't.id', 'r.libraryTrackId')
      .select(['r.status', 'r.stationStep', 't.source', 't.mediaId', 't.path'])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  /** Where the request is on its way to the station, with what the admin should know. */
  async stationStep(
    id: number,
    step: 'uploading' | 'to_submit' | 'failed',
    note: string | null = null,
  ): Promise<void> {
    await this.#db
      .updateTable('songRequests')
      .set({ stationStep: step, stationNote: note })
      .where('id', '=', id)
      .execute();
  }
}
