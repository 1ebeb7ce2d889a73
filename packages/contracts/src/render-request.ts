import type { OwnRequest, PublicRequest } from './requests.ts';

/** The song_requests columns a request's views are made of (a database row fits). */
export interface RequestViewRow extends Omit<
  OwnRequest,
  'submittedAt' | 'requestedAt' | 'playedAt' | 'position' | 'expectedStartTime'
> {
  requestedAt: Date;
  playedAt: Date | null;
}

/** Where a waiting request is in the queue: null when not queued (in review, live, played). */
export interface RequestPlace {
  position: number | null;
  expectedStart: Date | null;
}

const NOT_QUEUED: RequestPlace = { position: null, expectedStart: null };

/** A request as every logged-in listener may see it. */
export function renderPublicRequest(
  row: RequestViewRow,
  place: RequestPlace = NOT_QUEUED,
): PublicRequest {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    source: row.source,
    requesterName: row.requesterName,
    duration: row.duration,
    status: row.status,
    submittedAt: row.requestedAt.toISOString(),
    requestedAt: row.requestedAt.toISOString(),
    playedAt: row.playedAt?.toISOString() ?? null,
    position: place.position,
    expectedStartTime: place.expectedStart?.toISOString() ?? null,
  };
}

/** The fields only the requester (and admins) see. */
export function ownRequestFields(row: RequestViewRow) {
  return {
    message: row.message,
    voicetrackUrl: row.voicetrackUrl,
    browserFingerprint: row.browserFingerprint,
    downloadStatus: row.downloadStatus,
    stationStep: row.stationStep,
    stationNote: row.stationNote,
  };
}

/**
 * A request as its requester sees it, one item of GET /api/requests/mine (also the data of a
 * `my-request` live event).
 */
export function renderOwnRequest(
  row: RequestViewRow,
  place: RequestPlace = NOT_QUEUED,
): OwnRequest {
  return { ...renderPublicRequest(row, place), ...ownRequestFields(row) };
}
