import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { cloudUploadsQueryKey } from './get-cloud-uploads';

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
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: downloadCloudUpload,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: cloudUploadsQueryKey });
      return onSettled?.(...args);
    },
  });
}
