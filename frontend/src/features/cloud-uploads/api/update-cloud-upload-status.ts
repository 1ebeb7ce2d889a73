import type { CloudUpload } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useUploadsMutation } from './use-uploads-mutation';

export type CloudUploadDecision = { id: number; status: 'approved' | 'rejected' };

/** Approves or rejects a pending upload (409 with the reason for any other). */
export async function updateCloudUploadStatus({
  id,
  status,
}: CloudUploadDecision): Promise<CloudUpload> {
  const { upload } = await apiJson<{ upload: CloudUpload }>(
    'PATCH',
    `/api/cloud-uploads/${id}/status`,
    { status },
  );
  return upload;
}

export function useUpdateCloudUploadStatus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateCloudUploadStatus> } = {}) {
  return useUploadsMutation(updateCloudUploadStatus, mutationConfig);
}
