import { z } from 'zod';
import { AzuraCastApi } from './azuracast-api.ts';
import type { AzuraCastStation } from './azuracast-requests.ts';
import { StationSourceError } from '../station-source.ts';
import { requestableIds } from './azuracast-source.ts';

/** A file of ours in the station's library, as its files API knows it. */
export interface UploadedMedia {
  /** The files API's record id (`/file/{id}`). */
  id: number;
  /** What the requests API lists it under (`request_id`) once it is requestable. */
  uniqueId: string;
  path: string;
}

/** Why a track could not be put on the station, in Dutch for the admin. */
export class StationMediaError extends Error {}

const playlistsSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    is_enabled: z.boolean().optional(),
    include_in_requests: z.boolean().optional(),
  }),
);
const uploadedSchema = z.object({
  id: z.number().int(),
  unique_id: z.string().min(1),
  path: z.string(),
});
const anything = z.unknown();

/** An upload of some megabytes as base64 JSON: AzuraCast processes it before it answers. */
const UPLOAD_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 15_000;

/**
 * Puts a track into the station's library through AzuraCast's files API (`POST files` with
 * `{path, file}` base64, the same from 0.19 to 0.23) and into the playlist the operator named
 * for requests (`PUT file/{id}` with `playlists`). The playlist must exist, be enabled and take
 * requests: otherwise the track could never be requested, and the admin is told why.
 */
export async function uploadToRequestPlaylist(
  station: AzuraCastStation,
  track: { path: string; bytes: Uint8Array; playlistName: string },
): Promise<UploadedMedia> {
  const api = new AzuraCastApi({ ...station, timeoutMs: CALL_TIMEOUT_MS });
  const playlist = (
    await explained(api.get(api.stationUrl('playlists'), playlistsSchema), 'de playlists lezen')
  ).find((row) => sameName(row.name, track.playlistName));
  if (!playlist) {
    throw new StationMediaError(
      `De zender heeft geen playlist "${track.playlistName}" (AZURACAST_REQUEST_PLAYLIST): maak die aan in AzuraCast, met "Allow Requests from This Playlist" ("Sta liedjes verzoeken toe van deze afspeellijst") aan.`,
    );
  }
  if (playlist.is_enabled === false || playlist.include_in_requests === false) {
    throw new StationMediaError(
      `De playlist "${playlist.name}" op de zender staat uit of neemt geen verzoekjes aan: zet in AzuraCast de playlist aan, met "Allow Requests from This Playlist" ("Sta liedjes verzoeken toe van deze afspeellijst").`,
    );
  }
  const uploader = new AzuraCastApi({ ...station, timeoutMs: UPLOAD_TIMEOUT_MS });
  const uploaded = await explained(
    uploader.send(
      'POST',
      uploader.stationUrl('files'),
      { path: track.path, file: Buffer.from(track.bytes).toString('base64') },
      uploadedSchema,
    ),
    'het bestand uploaden',
  );
  await explained(
    api.send('PUT', api.stationUrl(`file/${uploaded.id}`), { playlists: [playlist.id] }, anything),
    `het bestand in de playlist "${playlist.name}" zetten`,
  );
  return { id: uploaded.id, uniqueId: uploaded.unique_id, path: uploaded.path };
}

/** Whether the station's requests API lists the media now (it caches its list for minutes). */
export async function isRequestable(station: AzuraCastStation, uniqueId: string): Promise<boolean> {
  const api = new AzuraCastApi({ ...station, timeoutMs: CALL_TIMEOUT_MS });
  return (await explained(requestableIds(api), 'de verzoeklijst lezen')).has(uniqueId);
}

const sameName = (a: string, b: string): boolean =>
  a.trim().localeCompare(b.trim(), 'nl', { sensitivity: 'accent' }) === 0;

async function explained<T>(call: Promise<T>, doing: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof StationSourceError)) throw error;
    const status = error.status;
    const why =
      status === 401 || status === 403
        ? 'de API-sleutel mag dit niet (geef de rol van de gebruiker van de sleutel het stationsrecht "Manage Station Media", "Beheer media van station")'
        : status === null
          ? 'geen antwoord'
          : `HTTP ${status}`;
    throw new StationMediaError(`De zender kon ${doing} niet: ${why}. (${error.message})`);
  }
}
