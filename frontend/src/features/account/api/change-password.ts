import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function changePassword(body: ChangePasswordBody) {
  return apiJson<{ ok: true }>('PATCH', '/api/auth/change-password', body);
}

/** Changes the password; the server ends the other sessions and renews this one. */
export function useChangePassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changePassword });
}
