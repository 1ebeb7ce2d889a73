import { QueryClient } from '@tanstack/react-query';

/**
 * No refetch on focus or by interval, no retries, unless a query says so. Every query sets its
 * own staleTime (how long its data is good for) in its api file; Infinity is only the fallback.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
