import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminRequestsQueryKey } from './get-admin-requests';

export type RequestDecision = 'approved' | 'rejected' | 'played';

export type StatusChange = { requestId: number; status: RequestDecision };

/** PATCH /api/requests/{id}/status (spec section 7, admin). */
export function setRequestStatus({ requestId, status }: StatusChange): Promise<AdminRequest> {
  return apiJson('PATCH', `/api/requests/${requestId}/status`, { status });
}

/** Changes a request's status; every list of requests is read again, whether it worked or not. */
export function useSetRequestStatus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setRequestStatus> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: setRequestStatus,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: adminRequestsQueryKey });
      return onSettled?.(...args);
    },
  });
}
