import type { DjSettingsRow } from '@radio/db';
import {
  activeStationUrl,
  stationSourceKey,
  type StationSource,
  type StationSourceSettings,
} from '@radio/station';

export type SourceFactory = (settings: StationSourceSettings) => StationSource;

export type SourceSettingsRow = Pick<
  DjSettingsRow,
  'broadcastingMode' | 'liveUrl' | 'liveApiKey' | 'nonstopUrl' | 'nonstopApiKey'
>;

/** The station source that broadcastingMode points at. */
export interface ActiveSource {
  /**
   * Stored with every play. The URL's origin: plays are numbered per station server (AzuraCast's
   * sh_id counts across all stations of one installation), so another path on the same server
   * (the station's id or its shortcode) is the same numbering. Never carries the API key.
   */
  key: string;
  settings: StationSourceSettings;
}

/** Null when the mode's URL is not set: there is nothing to ingest. */
export function activeSourceOf(
  row: SourceSettingsRow | undefined,
  timeoutMs: number,
): ActiveSource | null {
  if (!row) return null;
  const url = activeStationUrl(row);
  const apiKey = (row.broadcastingMode === 'live' ? row.liveApiKey : row.nonstopApiKey)?.trim();
  if (!url) return null;
  // A URL that does not parse is still "configured": the source fails, and that is logged.
  const key = stationSourceKey(url);
  return { key, settings: { nowPlayingUrl: url, apiKey: apiKey || null, timeoutMs } };
}
