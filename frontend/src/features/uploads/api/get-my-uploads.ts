import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudUpload } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** "Mijn uploads": read again as often as "Mijn verzoekjes", so a decision shows up. */
const MY_UPLOADS_POLL_MS = 30_000;

export const myUploadsQueryKey = ['my-cloud-uploads'] as const;

export function fetchMyUploads(): Promise<{ uploads: CloudUpload[]; libraryAvailable: boolean }> {
  return apiJson('GET', '/api/cloud-uploads/mine');
}

export const myUploadsQueryOptions = queryOptions({
  queryKey: myUploadsQueryKey,
  queryFn: fetchMyUploads,
  refetchInterval: MY_UPLOADS_POLL_MS,
  staleTime: MY_UPLOADS_POLL_MS,
});

export function useMyUploads() {
  return useQuery(myUploadsQueryOptions);
}
