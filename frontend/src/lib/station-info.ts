import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationInfo } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** The services serve it with max-age=300; it changes only when the station is reconfigured. */
const STATION_INFO_STALE_MS = 5 * 60 * 1000;

export const stationInfoQueryKey = ['station-info'] as const;

export function fetchStationInfo(): Promise<StationInfo> {
  return apiJson<StationInfo>('GET', '/api/station-info');
}

export const stationInfoQueryOptions = queryOptions({
  queryKey: stationInfoQueryKey,
  queryFn: fetchStationInfo,
  staleTime: STATION_INFO_STALE_MS,
  retry: false,
});

/**
 * The station's name, time zone, studio link and stream addresses, served at runtime by the
 * playlist service (STATION_NAME, STATION_TZ, STUDIO_CONTACT_URL...), so one build fits every
 * station. Every page shares the one answer.
 */
export function useStationInfo() {
  return useQuery(stationInfoQueryOptions);
}
