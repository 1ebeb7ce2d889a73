/**
 * The built-in station (Liquidsoap playout + Icecast, station/) has no API of its own: the
 * requests service keeps what it plays and publishes it at internal endpoints in AzuraCast's
 * shapes and paths, under a prefix. So a station source for it is just the AzuraCast adapter:
 *
 *   createAzuraCastSource({ nowPlayingUrl: builtInNowPlayingUrl('http://127.0.0.1:3102'),
 *                           apiKey: INTERNAL_TOKEN })
 *
 * Every endpoint wants the station key (the INTERNAL_TOKEN) in X-API-Key, like AzuraCast's API.
 */
import { z } from 'zod';

export const BUILT_IN_STATION_ID = 1;

const prefix = '/internal/station';
const stationApi = `${prefix}/api/station/${BUILT_IN_STATION_ID}`;

export const builtInStationPaths = {
  /** AzuraCast `GET /api/nowplaying/{station}`. */
  nowPlaying: `${prefix}/api/nowplaying/${BUILT_IN_STATION_ID}`,
  /** AzuraCast `GET /api/station/{station}/history?start=&end=`. */
  history: `${stationApi}/history`,
  /** AzuraCast `GET /api/station/{station}/files`: the station library. */
  files: `${stationApi}/files`,
  /** AzuraCast `GET /api/station/{station}/requests`: the requestable tracks (both folders). */
  requests: `${stationApi}/requests`,
  /** AzuraCast `GET /api/station/{station}/queue`: the automation queue. */
  queue: `${stationApi}/queue`,
  /** For Liquidsoap: the next automation entry to play (200), or none (204). */
  next: `${prefix}/next`,
  /** For Liquidsoap: the track it has just started. */
  trackStarted: `${prefix}/track-started`,
} as const;

/** The now-playing URL of the built-in station behind the requests service at `serviceUrl`. */
export function builtInNowPlayingUrl(serviceUrl: string): string {
  return new URL(builtInStationPaths.nowPlaying, serviceUrl).href;
}

/**
 * Whether a station's now-playing URL is the built-in station's (its files are ours to place);
 * any other is an AzuraCast installation, whose files go through its files API.
 */
export function isBuiltInNowPlayingUrl(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') === builtInStationPaths.nowPlaying;
  } catch {
    return false;
  }
}

/** Where listeners hear the built-in station, relative to the site (the gateway). */
export const builtInStreamPaths = {
  mount: '/stream/radio.mp3',
  pls: '/stream/radio.pls',
  m3u: '/stream/radio.m3u',
} as const;

/** One track the built-in station played, as the requests service keeps it. */
export const builtInPlaySchema = z.object({
  /** From a counter: the `sh_id` of the AzuraCast shapes. */
  id: z.number().int(),
  /** Unix seconds. */
  startedAt: z.number().int(),
  /** The same moment in unix milliseconds (pages switch the title when the listener hears it). */
  startedAtMs: z.number().int().optional(),
  /** Seconds; 0 when unknown. */
  duration: z.number().nonnegative(),
  artist: z.string(),
  title: z.string(),
  album: z.string(),
  /** What Liquidsoap played: a path of the library, or a downloaded file. */
  filename: z.string(),
});
export type BuiltInPlay = z.infer<typeof builtInPlaySchema>;

/**
 * One file of the station library: of the rotation (LIBRARY_DIR, which Liquidsoap plays by
 * itself) or of the request-only folder (REQUEST_LIBRARY_DIR, played only when requested).
 */
export interface BuiltInLibraryTrack {
  /**
   * The library path (library-paths.ts: relative, `verzoek/…` for the request-only folder), never
   * the server's. Also the published unique_id and request id.
   */
  path: string;
  /** In the request-only folder. */
  requestOnly: boolean;
  artist: string;
  title: string;
  album: string;
  genre: string;
  /** Seconds. */
  duration: number;
  /** Unix seconds. */
  modifiedAt: number;
}

/** What the published shapes say about the station itself. */
export interface BuiltInStationProfile {
  name: string;
  /** IANA zone, e.g. Europe/Amsterdam. */
  timezone: string;
  /** The public site, e.g. https://radio.example.nl: stream and player URLs hang off it. */
  publicOrigin: string;
}
