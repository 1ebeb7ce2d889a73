import { useMutation } from '@tanstack/react-query';
import type { UpdateDeezerArlResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Tests the ARL with Deezer; the server stores it only when it is valid. */
export function updateDeezerArl(arl: string): Promise<UpdateDeezerArlResponse> {
  return apiJson<UpdateDeezerArlResponse>('POST', '/api/admin/update-deezer-arl', { arl });
}

export function useUpdateDeezerArl({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateDeezerArl> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: updateDeezerArl });
}
