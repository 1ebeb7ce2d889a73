import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudUpload } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

/** While the worker adds an upload to the station library, the list is read this often. */
const LIBRARY_POLL_MS = 2_000;

export type CloudUploadList = { uploads: CloudUpload[]; libraryAvailable: boolean };

export const cloudUploadsQueryKey = ['cloud-uploads'] as const;

/** Every upload, newest first: one call fills every tab and its count. */
export function fetchCloudUploads(): Promise<CloudUploadList> {
  return apiJson<CloudUploadList>('GET', '/api/cloud-uploads');
}

export const cloudUploadsQueryOptions = queryOptions({
  queryKey: cloudUploadsQueryKey,
  queryFn: fetchCloudUploads,
  // Read again after every change made here, and while the worker adds one to the library.
  staleTime: Infinity,
  refetchInterval: (query) =>
    query.state.data?.uploads.some((upload) => upload.libraryStatus === 'queued')
      ? LIBRARY_POLL_MS
      : false,
});

export function useCloudUploads() {
  return useQuery(cloudUploadsQueryOptions);
}
