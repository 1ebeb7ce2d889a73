import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { User } from '@radio/contracts';
import { useAuthUser, useSetAuthUser } from '@/features/auth/api/get-auth-user';
import { GuestOnly, RequireUser } from '@/features/auth/components/auth-guards';
import { DJ_SETTINGS_DEFAULTS, useDjSettings } from '@/features/dj-settings/api/get-dj-settings';
import { useHeardNowPlaying } from '@/features/player/hooks/use-heard-now-playing';
import { LivePlayer } from '@/features/player/components/live-player';
import {
  useAdminSettings,
  useRefreshAdminSettings,
} from '@/features/station-settings/api/get-admin-settings';
import { useStationInfo } from '@/lib/station-info';
import { AppLayout } from './layout/app-layout';

type LazyPage<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/** Every page and part below that loads with its own chunk. */
const lazyPages: { preload: () => Promise<unknown> }[] = [];

/**
 * A page loaded with its route (its own chunk), so a visit downloads only the pages it opens.
 * Once loaded (or preloaded before the first render) it renders at once, without suspending:
 * the first page then paints whole, with no loading state in between (no layout shift).
 */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let Loaded: ComponentType<Props> | undefined;
  const preload = async () => {
    Loaded ??= await load();
    return Loaded;
  };
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Page(props: Props) {
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  const page = Object.assign(Page, { preload });
  lazyPages.push(page);
  return page;
}

const HomePage = lazyPage(
  async () => (await import('@/features/home/components/home-page')).HomePage,
);
const ListenPage = lazyPage(
  async () => (await import('@/features/listen/components/listen-page')).ListenPage,
);
const ArchivePage = lazyPage(
  async () => (await import('@/features/archive/components/archive-page')).ArchivePage,
);
const AuthPage = lazyPage(
  async () => (await import('@/features/auth/components/auth-page')).AuthPage,
);
const RequestsPage = lazyPage(
  async () => (await import('@/features/requests/components/requests-page')).RequestsPage,
);
const UploadPage = lazyPage(
  async () => (await import('@/features/uploads/components/upload-page')).UploadPage,
);
const AccountPage = lazyPage(
  async () => (await import('@/features/account/components/account-page')).AccountPage,
);
const CloudUploadsPage = lazyPage(
  async () =>
    (await import('@/features/cloud-uploads/components/cloud-uploads-page')).CloudUploadsPage,
);
const AdminManagementPage = lazyPage(
  async () =>
    (await import('@/features/admin/components/admin-management-page')).AdminManagementPage,
);
// Only a logged-in user without a name on the request page sees it: not in the first load.
const DisplayNameDialog = lazyPage(
  async () => (await import('@/features/auth/components/display-name-dialog')).DisplayNameDialog,
);
const StationSwitches = lazyPage(
  async () => (await import('@/features/dj-settings/components/station-switches')).StationSwitches,
);
const DeezerArlForm = lazyPage(
  async () => (await import('@/features/dj-settings/components/deezer-arl-form')).DeezerArlForm,
);
const StationSettingsForm = lazyPage(
  async () =>
    (await import('@/features/station-settings/components/station-settings-form'))
      .StationSettingsForm,
);
const UsersPanel = lazyPage(
  async () => (await import('@/features/users/components/users-panel')).UsersPanel,
);
const RequestsPanel = lazyPage(
  async () => (await import('@/features/admin-requests/components/requests-panel')).RequestsPanel,
);
const RecentRequests = lazyPage(
  async () => (await import('@/features/admin-requests/components/recent-requests')).RecentRequests,
);
const StationOverview = lazyPage(
  async () =>
    (await import('@/features/station-overview/components/station-overview')).StationOverview,
);
const AutomationQueuePanel = lazyPage(
  async () =>
    (await import('@/features/automation-queue/components/automation-queue-panel'))
      .AutomationQueuePanel,
);
const AuditLogPanel = lazyPage(
  async () => (await import('@/features/audit-log/components/audit-log-panel')).AuditLogPanel,
);
const NotFoundPage = lazyPage(async () => (await import('./not-found-page')).NotFoundPage);

/** Loads the page at `pathname` (the first one a visit shows) before it is rendered. */
export function preloadPage(pathname: string): Promise<unknown> {
  const byFirstSegment: Record<string, { preload: () => Promise<unknown> }> = {
    '': HomePage,
    luisteren: ListenPage,
    playlist: ArchivePage,
    auth: AuthPage,
    verzoekjes: RequestsPage,
    upload: UploadPage,
    account: AccountPage,
    'cloud-uploads': CloudUploadsPage,
    'admin-management': AdminManagementPage,
  };
  return (byFirstSegment[pathname.split('/')[1] ?? ''] ?? NotFoundPage).preload();
}

/**
 * Loads every page and part of a page (the admin panel's tabs, the name dialog) that has a chunk
 * of its own, so that from then on they all render at once, without suspending. The tests open
 * the app after it: what they wait for then never depends on how fast a chunk arrives.
 */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(lazyPages.map((page) => page.preload()));
}

// Pages that need another feature's data get it here, so features never import each other.

function AuthRoute() {
  const { data: settings = DJ_SETTINGS_DEFAULTS } = useDjSettings();
  return <AuthPage registrationEnabled={settings.registrationEnabled} />;
}

function HomeRoute() {
  const nowPlaying = useHeardNowPlaying();
  const stationInfo = useStationInfo();
  return (
    <HomePage
      player={<LivePlayer />}
      history={nowPlaying.data?.song_history}
      historyStatus={nowPlaying.status}
      timeZone={stationInfo.data?.timeZone}
    />
  );
}

function ListenRoute() {
  const stationInfo = useStationInfo();
  return (
    <ListenPage
      player={<LivePlayer />}
      streamUrl={stationInfo.data?.streamUrl}
      radioDirectoryUrl={stationInfo.data?.radioDirectoryUrl}
      isLoading={stationInfo.isPending}
    />
  );
}

function RequestsRoute() {
  const user = useAuthUser();
  const settings = useDjSettings();
  const stationInfo = useStationInfo();
  const { requestsEnabled, isLive } = settings.data ?? DJ_SETTINGS_DEFAULTS;
  return (
    <>
      <RequestsPage
        isLoading={user.isPending || settings.isPending}
        user={user.data ?? null}
        requestsEnabled={requestsEnabled}
        isLive={isLive}
        timeZone={stationInfo.data?.timeZone ?? 'Europe/Amsterdam'}
      />
      {user.data && requestsEnabled && !user.data.name.trim() && (
        <Suspense fallback={null}>
          <DisplayNameDialog />
        </Suspense>
      )}
    </>
  );
}

function AccountRoute({ user }: { user: User }) {
  const setAuthUser = useSetAuthUser();
  return <AccountPage user={user} onUserChanged={setAuthUser} />;
}

/** The station's settings, and the Deezer ARL form told whether an ARL is stored. */
function SettingsTab() {
  const settings = useAdminSettings();
  const refreshSettings = useRefreshAdminSettings();
  return (
    <>
      <StationSettingsForm />
      <DeezerArlForm arlSet={settings.data?.deezerArlSet} onSaved={refreshSettings} />
    </>
  );
}

function AdminRoute({ user }: { user: User }) {
  const stationInfo = useStationInfo();
  const timeZone = stationInfo.data?.timeZone ?? 'Europe/Amsterdam';
  return (
    <>
      {!user.name.trim() && (
        <Suspense fallback={null}>
          <DisplayNameDialog reason="admin" />
        </Suspense>
      )}
      <AdminManagementPage
        timeZone={timeZone}
        panels={{
          overzicht: (
            <>
              <StationOverview timeZone={timeZone} />
              <RecentRequests timeZone={timeZone} />
            </>
          ),
          gebruikers: <UsersPanel />,
          verzoekjes: <RequestsPanel timeZone={timeZone} />,
          playlist: <AutomationQueuePanel timeZone={timeZone} />,
          systeem: (
            <>
              <StationSwitches />
              <AuditLogPanel timeZone={timeZone} />
            </>
          ),
          instellingen: <SettingsTab />,
        }}
      />
    </>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'luisteren', element: <ListenRoute /> },
      { path: 'playlist', element: <ArchivePage /> },
      {
        path: 'auth',
        element: (
          <GuestOnly>
            <AuthRoute />
          </GuestOnly>
        ),
      },
      { path: 'verzoekjes', element: <RequestsRoute /> },
      {
        path: 'upload',
        element: <RequireUser>{(user) => <UploadPage user={user} />}</RequireUser>,
      },
      {
        path: 'account',
        element: <RequireUser>{(user) => <AccountRoute user={user} />}</RequireUser>,
      },
      {
        path: 'cloud-uploads',
        element: <RequireUser adminOnly>{() => <CloudUploadsPage />}</RequireUser>,
      },
      {
        path: 'admin-management',
        element: <RequireUser adminOnly>{(user) => <AdminRoute user={user} />}</RequireUser>,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's pages in the declarative router (BrowserRouter): the data router
 * (createBrowserRouter) would add about 30 KB gzip to the first download for loaders and
 * actions the app does not use.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
