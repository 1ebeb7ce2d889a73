import { queryOptions, useQuery } from '@tanstack/react-query';
import { stationInfoSchema, type StationInfo } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const stationInfoQueryKey = ['station-info'] as const;

export function fetchStationInfo(): Promise<StationInfo> {
  return apiJson(stationInfoSchema, 'GET', '/api/station-info');
}

export const stationInfoQueryOptions = queryOptions({
  queryKey: stationInfoQueryKey,
  queryFn: fetchStationInfo,
  retry: false,
});

/** The station's stream addresses, player files and directory link; loaded once. */
export function useStationInfo() {
  return useQuery(stationInfoQueryOptions);
}
