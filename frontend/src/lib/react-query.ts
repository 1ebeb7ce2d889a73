import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * The options a call site may give a mutation hook (bulletproof-react's shape): the hook owns
 * `mutationFn` and the cache keys it changes; toasts and navigation belong to the call site
 * (onSuccess/onError here), so one mutation serves every page that needs it.
 */
export type MutationConfig<TFn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;
