import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody, User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { authUserQueryKey } from './get-auth-user';

export function register(body: RegisterBody) {
  return apiJson<User>('POST', '/api/auth/register', body);
}

/** Creates an account and logs it in; the cached user becomes the new one. */
export function useRegister({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof register> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: register,
    onSuccess: (user, ...args) => {
      queryClient.setQueryData(authUserQueryKey, user);
      return onSuccess?.(user, ...args);
    },
  });
}
