import type { Logger } from 'pino';
import { STATION_REQUESTABLE_WAIT_MS, type JobData } from '@radio/contracts/jobs';
import type { DjSettingsReader } from '@radio/db';
import { isRequestable, nonstopAzuraCastOf, StationMediaError } from '@radio/station';
import type { LibraryTracksRepository } from '../library/library-tracks-repository.ts';
import type { AcquisitionRepository } from './acquisition-repository.ts';

export interface AwaitRequestableDeps {
  requests: AcquisitionRepository;
  settings: DjSettingsReader;
  library: Pick<LibraryTracksRepository, 'upsert'>;
  libraryChanged: () => Promise<void>;
  /** Tells the requests service (REQUEST_TRACK_READY_CHANNEL): it submits the request now. */
  publishReady: (requestId: number) => Promise<void>;
  log: Logger;
  now?: () => Date;
}

/** Thrown to be asked again (the job's fixed retry interval). */
export class NotRequestableYet extends Error {}

/**
 * The await-station-requestable job: a Deezer track the worker uploaded to AzuraCast becomes
 * requestable when AzuraCast lists it (its list is cached for up to 10 minutes, and the
 * playlist's schedule counts). Then its library row gets the request id and the requests service
 * submits it; past the deadline the admin is told why it did not go.
 */
export async function awaitStationRequestable(
  deps: AwaitRequestableDeps,
  { requestId, uploadedAt }: JobData<'await-station-requestable'>,
): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  const request = await deps.requests.find(requestId);
  const track = await deps.requests.stationTrackOf(requestId);
  if (!request || !track || track.stationStep !== 'awaiting_requestable') return;
  if (request.status === 'rejected' || request.status === 'played') return;
  const station = nonstopAzuraCastOf(await deps.settings.read());
  const late = now.getTime() - uploadedAt.getTime() > STATION_REQUESTABLE_WAIT_MS;
  let listed = false;
  let problem: string | null = null;
  if (station) {
    try {
      listed = await isRequestable(station, track.mediaId);
    } catch (error) {
      if (!(error instanceof StationMediaError)) throw error;
      problem = error.message;
    }
  } else {
    problem = 'Er is geen AzuraCast-zender meer ingesteld voor nonstop.';
  }
  if (!listed) {
    if (!late) throw new NotRequestableYet(problem ?? `not yet requestable: ${track.mediaId}`);
    const minutes = Math.round(STATION_REQUESTABLE_WAIT_MS / 60_000);
    const note =
      problem ??
      `De zender zette "${track.path}" niet binnen ${minutes} minuten op de verzoeklijst: staat de playlist aan voor verzoekjes, en speelt die volgens haar schema nu?`;
    await deps.requests.stationStep(requestId, 'failed', note);
    deps.log.warn({ requestId, mediaId: track.mediaId, reason: note }, 'track never requestable');
    return;
  }
  await deps.library.upsert(track.source, [
    {
      mediaId: track.mediaId,
      path: track.path,
      requestId: track.mediaId,
      requestable: true,
      title: request.title,
      artist: request.artist,
      album: request.album ?? '',
      duration: request.duration ?? 0,
    },
  ]);
  await deps.libraryChanged();
  await deps.requests.stationStep(requestId, 'to_submit');
  await deps.publishReady(requestId);
  deps.log.info({ requestId, mediaId: track.mediaId }, 'uploaded track is requestable');
}
