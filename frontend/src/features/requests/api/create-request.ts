import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRequestBody, OwnRequest } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { myRequestsQueryKey } from './get-my-requests';
import { pendingRequestsQueryKey } from './get-pending-requests';

export function createRequest(body: CreateRequestBody): Promise<OwnRequest> {
  return apiJson<OwnRequest>('POST', '/api/requests', body);
}

/** Sends a request; the upcoming list and the listener's own are read again to show it at once. */
export function useCreateRequest({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createRequest> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createRequest,
    onSuccess: (created, ...args) => {
      void queryClient.invalidateQueries({ queryKey: pendingRequestsQueryKey });
      void queryClient.invalidateQueries({ queryKey: myRequestsQueryKey });
      return onSuccess?.(created, ...args);
    },
  });
}
