import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { authUserQueryKey } from './get-auth-user';

export function login(body: LoginBody) {
  return apiJson<User>('POST', '/api/auth/login', body);
}

/** Logs in; the cached user becomes the one the server answered. */
export function useLogin({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof login> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (user, ...args) => {
      queryClient.setQueryData(authUserQueryKey, user);
      return onSuccess?.(user, ...args);
    },
  });
}
