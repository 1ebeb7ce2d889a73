import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useToasts } from '@/components/ui/use-toast';

const Toaster = lazy(async () => ({
  default: (await import('@/components/ui/toaster')).Toaster,
}));

/**
 * The toasts (Radix, about 9 KB gzip) load with the first one, after something the visitor did,
 * not with every page; a toast given meanwhile waits in the store and shows once they are in.
 */
function ToasterOnDemand() {
  const hasToasts = useToasts().length > 0;
  const [isNeeded, setIsNeeded] = useState(hasToasts);
  if (hasToasts && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
