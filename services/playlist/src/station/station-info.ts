import type { StationInfo } from '@radio/contracts';
import { builtInStreamPaths } from '@radio/station';
import type { PlaylistConfig } from '../config.ts';

/**
 * Public station facts from the configuration, served at runtime so one build fits every
 * station. Unset stream addresses are paths on the site itself (the gateway serves the
 * built-in stream): they work whatever name the site is reached by, and the page's CSP
 * (same origin) allows them. No fallback is invented: the player tries only distinct addresses.
 */
export function stationInfoOf(config: PlaylistConfig): StationInfo {
  return {
    name: config.STATION_NAME,
    timeZone: config.STATION_TZ,
    streamUrl: config.STREAM_URL ?? builtInStreamPaths.mount,
    streamFallbackUrl: config.STREAM_FALLBACK_URL ?? '',
    playlistPlsUrl: config.PLAYLIST_PLS_URL ?? builtInStreamPaths.pls,
    playlistM3uUrl: config.PLAYLIST_M3U_URL ?? builtInStreamPaths.m3u,
    radioDirectoryUrl: config.RADIO_DIRECTORY_URL ?? '',
    studioContactUrl: config.STUDIO_CONTACT_URL ?? '',
  };
}
