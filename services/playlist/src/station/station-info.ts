import type { StationInfo } from '@radio/contracts';
import { builtInStreamPaths } from '@radio/station';
import type { PlaylistConfig } from '../config.ts';

/** Public station facts from the configuration; the stream defaults live behind the gateway. */
export function stationInfoOf(config: PlaylistConfig): StationInfo {
  const site = new URL(config.PUBLIC_ORIGIN[0] ?? 'http://localhost');
  return {
    name: config.STATION_NAME,
    // The site's own scheme first: a site served over plain http has no https stream to try.
    streamUrl: config.STREAM_URL ?? `${site.origin}${builtInStreamPaths.mount}`,
    streamFallbackUrl:
      config.STREAM_FALLBACK_URL ?? `http://${site.host}${builtInStreamPaths.mount}`,
    playlistPlsUrl: config.PLAYLIST_PLS_URL ?? `${site.origin}${builtInStreamPaths.pls}`,
    playlistM3uUrl: config.PLAYLIST_M3U_URL ?? `${site.origin}${builtInStreamPaths.m3u}`,
    radioDirectoryUrl: config.RADIO_DIRECTORY_URL ?? '',
    studioContactUrl: config.STUDIO_CONTACT_URL ?? '',
  };
}
