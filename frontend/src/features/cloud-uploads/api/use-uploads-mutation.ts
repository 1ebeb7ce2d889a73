import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { cloudUploadsQueryKey } from './get-cloud-uploads';

/**
 * A change to one upload. The list is read again whether it worked or not, so nothing on the
 * page stays as it was guessed (another admin may have decided first).
 */
export function useUploadsMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  mutationConfig: Omit<UseMutationOptions<TResult, Error, TInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: cloudUploadsQueryKey });
      return onSettled?.(...args);
    },
  });
}
