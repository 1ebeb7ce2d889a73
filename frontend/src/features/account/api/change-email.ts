import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function changeEmail(body: ChangeEmailBody) {
  return apiJson<User>('PATCH', '/api/auth/change-email', body);
}

/** Changes the e-mail address; the answer is the user with the new address. */
export function useChangeEmail({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeEmail> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changeEmail });
}
