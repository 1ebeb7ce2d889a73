import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useUploadsMutation } from './use-uploads-mutation';

/** A short-lived link to the original file; an approved upload becomes downloaded. */
export async function downloadCloudUpload(id: number): Promise<string> {
  const { downloadUrl } = await apiJson<{ downloadUrl: string }>(
    'POST',
    `/api/cloud-uploads/${id}/download`,
  );
  return downloadUrl;
}

export function useDownloadCloudUpload({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof downloadCloudUpload> } = {}) {
  return useUploadsMutation(downloadCloudUpload, mutationConfig);
}
