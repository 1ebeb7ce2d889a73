import { lazy, Suspense, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { PlayerProvider } from '@/features/player/components/player-provider';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useRouteFocus } from './use-route-focus';
import { useScrollRestoration } from './use-scroll-restoration';

// The stream's code loads after the first paint: until it is open, the polls keep the data current.
const LiveUpdates = lazy(async () => ({
  default: (await import('@/app/live-updates')).LiveUpdates,
}));

function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[60vh] items-center justify-center text-muted-foreground"
    >
      <Spinner className="size-6" />
      <span className="sr-only">Pagina laden...</span>
    </div>
  );
}

export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  useScrollRestoration();
  return (
    // The player lives here, above the pages, so the stream keeps playing between them.
    <PlayerProvider>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#inhoud"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Naar de inhoud
        </a>
        <SiteHeader />
        <main
          ref={mainRef}
          id="inhoud"
          tabIndex={-1}
          className="min-h-dvh flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:py-12"
        >
          {/* A page's chunk loads on first visit; the space stays reserved meanwhile. */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {/* At least a screen of page above it: the footer starts below the fold, so a page
            that grows as its data arrives never moves it in sight (layout shift). */}
        <SiteFooter />
      </div>
    </PlayerProvider>
  );
}
