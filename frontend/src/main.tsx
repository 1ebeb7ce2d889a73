import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { authUserQueryOptions } from './features/auth/api/get-auth-user';
import { djSettingsQueryOptions } from './features/dj-settings/api/get-dj-settings';
import { nowPlayingQueryOptions } from './features/player/api/get-now-playing';
import { availableDatesQueryOptions } from './features/archive/api/get-available-dates';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { stationInfoQueryOptions } from './lib/station-info';
import './index.css';

/** The longest the first paint waits for what shapes every page (see below). */
const FIRST_PAINT_WAIT_MS = 800;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

// The station's name, the user, the station settings and the page's own code shape the first
// screen: the first paint waits a moment for them, so the page does not jump when they arrive
// (layout shift). A slow answer does not hold the page: it then draws with placeholders.
const { pathname } = window.location;
const pageData =
  pathname === '/' || pathname === '/luisteren'
    ? queryClient.prefetchQuery(nowPlayingQueryOptions)
    : pathname === '/playlist'
      ? queryClient.prefetchQuery(availableDatesQueryOptions)
      : undefined;
const essentials = Promise.allSettled([
  preloadPage(pathname),
  pageData,
  queryClient.prefetchQuery(stationInfoQueryOptions),
  queryClient.prefetchQuery(authUserQueryOptions),
  queryClient.prefetchQuery(djSettingsQueryOptions),
]);
const waitAtMost = new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));

void Promise.race([essentials, waitAtMost]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
