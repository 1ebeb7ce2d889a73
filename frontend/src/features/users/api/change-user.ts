import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, SetLimitsBody, User } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { usersQueryKey } from './get-users';

/** One change of an account by an admin (spec section 7: three calls). */
export type UserChange =
  | { kind: 'active'; userId: number }
  | { kind: 'role'; userId: number; role: Role }
  | { kind: 'limits'; userId: number; limits: SetLimitsBody };

export function changeUser(change: UserChange): Promise<User> {
  const base = `/api/admin/users/${change.userId}`;
  switch (change.kind) {
    case 'active':
      return apiJson('PATCH', `${base}/toggle-active`);
    case 'role':
      return apiJson('PATCH', `${base}/role`, { role: change.role });
    case 'limits':
      return apiJson('PATCH', `${base}/limits`, change.limits);
  }
}

/** Changes an account; the list is read again afterwards, whether it worked or not. */
export function useChangeUser({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changeUser,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      return onSettled?.(...args);
    },
  });
}
