import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudUpload } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { cloudUploadsQueryKey } from './get-cloud-uploads';

export type CloudUploadDecision = { id: number; status: 'approved' | 'rejected' };

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

/** Approves or rejects a pending upload; the list is read again whether it worked or not. */
export function useUpdateCloudUploadStatus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateCloudUploadStatus> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateCloudUploadStatus,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: cloudUploadsQueryKey });
      return onSettled?.(...args);
    },
  });
}
