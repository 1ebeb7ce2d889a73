import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useAuthUser } from '@/features/auth/api/get-auth-user';
import { GuestOnly, RequireUser } from '@/features/auth/components/auth-guards';
import { DJ_SETTINGS_DEFAULTS, useDjSettings } from '@/features/dj-settings/api/get-dj-settings';
import { useNowPlaying } from '@/features/player/api/get-now-playing';
import { LivePlayer } from '@/features/player/components/live-player';
import { useStationInfo } from '@/lib/station-info';
import { AppLayout } from './layout/app-layout';

/** A page loaded with its route (its own chunk), so a visit downloads only the pages it opens. */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => ({ default: await load() }));
}

const load = {
  home: () => import('@/features/home/components/home-page'),
  listen: () => import('@/features/listen/components/listen-page'),
  playlist: () => import('@/features/playlist/components/playlist-page'),
  auth: () => import('@/features/auth/components/auth-page'),
  requests: () => import('@/features/requests/components/requests-page'),
  upload: () => import('@/features/uploads/components/upload-page'),
  account: () => import('@/features/account/components/account-page'),
  cloudUploads: () => import('@/features/cloud-uploads/components/cloud-uploads-page'),
  adminManagement: () => import('@/features/admin/components/admin-management-page'),
  notFound: () => import('./not-found-page'),
};

const HomePage = lazyPage(async () => (await load.home()).HomePage);
const ListenPage = lazyPage(async () => (await load.listen()).ListenPage);
const PlaylistPage = lazyPage(async () => (await load.playlist()).PlaylistPage);
const AuthPage = lazyPage(async () => (await load.auth()).AuthPage);
const RequestsPage = lazyPage(async () => (await load.requests()).RequestsPage);
const UploadPage = lazyPage(async () => (await load.upload()).UploadPage);
const AccountPage = lazyPage(async () => (await load.account()).AccountPage);
const CloudUploadsPage = lazyPage(async () => (await load.cloudUploads()).CloudUploadsPage);
const AdminManagementPage = lazyPage(
  async () => (await load.adminManagement()).AdminManagementPage,
);
const NotFoundPage = lazyPage(async () => (await load.notFound()).NotFoundPage);

/** The chunk of the page at `pathname` (the first one a visit shows), loading. */
export function preloadPage(pathname: string): Promise<unknown> {
  const byFirstSegment: Record<string, () => Promise<unknown>> = {
    '': load.home,
    luisteren: load.listen,
    playlist: load.playlist,
    // A guarded page may show /auth instead; its own chunk is small.
    auth: load.auth,
    verzoekjes: load.requests,
    upload: load.upload,
    account: load.account,
    'cloud-uploads': load.cloudUploads,
    'admin-management': load.adminManagement,
  };
  return (byFirstSegment[pathname.split('/')[1] ?? ''] ?? load.notFound)();
}

// Pages that need another feature's data get it here, so features never import each other.

function AuthRoute() {
  const { data: settings = DJ_SETTINGS_DEFAULTS } = useDjSettings();
  return <AuthPage registrationEnabled={settings.registrationEnabled} />;
}

function HomeRoute() {
  const nowPlaying = useNowPlaying();
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
  return (
    <RequestsPage
      isLoading={user.isPending || settings.isPending}
      isLoggedIn={Boolean(user.data)}
      requestsEnabled={(settings.data ?? DJ_SETTINGS_DEFAULTS).requestsEnabled}
    />
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'luisteren', element: <ListenRoute /> },
      { path: 'playlist', element: <PlaylistPage /> },
      {
        path: 'auth',
        element: (
          <GuestOnly>
            <AuthRoute />
          </GuestOnly>
        ),
      },
      { path: 'verzoekjes', element: <RequestsRoute /> },
      { path: 'upload', element: <RequireUser>{() => <UploadPage />}</RequireUser> },
      {
        path: 'account',
        element: <RequireUser>{(user) => <AccountPage user={user} />}</RequireUser>,
      },
      {
        path: 'cloud-uploads',
        element: <RequireUser adminOnly>{() => <CloudUploadsPage />}</RequireUser>,
      },
      {
        path: 'admin-management',
        element: <RequireUser adminOnly>{() => <AdminManagementPage />}</RequireUser>,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
