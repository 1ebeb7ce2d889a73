import type { CloudUpload } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useUploadsMutation } from './use-uploads-mutation';

/** Hands an approved upload to the worker, which puts it in the built-in station's library. */
export async function addCloudUploadToLibrary(id: number): Promise<CloudUpload> {
  const { upload } = await apiJson<{ upload: CloudUpload }>(
    'POST',
    `/api/cloud-uploads/${id}/library`,
  );
  return upload;
}

export function useAddCloudUploadToLibrary({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof addCloudUploadToLibrary> } = {}) {
  return useUploadsMutation(addCloudUploadToLibrary, mutationConfig);
}
