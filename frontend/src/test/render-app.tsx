import { useLayoutEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preloadAllPages } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
// The toasts' chunk (lazy in AppProviders) is in before any test starts: a toast then shows
// as soon as it is given, however slowly this machine imports modules.
import '@/components/ui/toaster';
// Likewise the live stream's code (lazy in AppLayout).
import '@/app/live-updates';

type RouterState = { location: Location };

/** What a test sees of the router: the location on screen, its changes, and navigating. */
function createRouterProbe() {
  const listeners = new Set<(state: RouterState) => void>();
  let navigateTo: (to: string) => void = () => undefined;
  const router = {
    state: undefined as unknown as RouterState,
    navigate: async (to: string) => {
      navigateTo(to);
      await Promise.resolve();
    },
    subscribe(listener: (state: RouterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    navigateTo = (to) => void navigate(to);
    useLayoutEffect(() => {
      const isFirst = router.state === undefined;
      router.state = { location };
      if (!isFirst) for (const listener of listeners) listener(router.state);
    }, [location]);
    return null;
  }
  return { router, Probe };
}

/**
 * The whole app at `path`, with a fresh cache, in the declarative router as in main.tsx.
 * Every page's chunk is loaded first (main.tsx likewise loads the first page before it renders):
 * what a test then waits for is the app's data, never how fast this machine imports a page,
 * also after a navigation or a change of tab.
 */
export async function renderApp(path: string) {
  await preloadAllPages();
  const queryClient = createQueryClient();
  const { router, Probe } = createRouterProbe();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { queryClient, router };
}

/** One component inside the app's providers and a router, with a fresh cache. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { queryClient };
}
