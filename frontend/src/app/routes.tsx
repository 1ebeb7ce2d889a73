import type { RouteObject } from 'react-router-dom';
import { AccountPage } from '@/features/account/components/account-page';
import { AdminManagementPage } from '@/features/admin/components/admin-management-page';
import { useAuthUser } from '@/features/auth/api/get-auth-user';
import { GuestOnly, RequireUser } from '@/features/auth/components/auth-guards';
import { AuthPage } from '@/features/auth/components/auth-page';
import { CloudUploadsPage } from '@/features/cloud-uploads/components/cloud-uploads-page';
import { DJ_SETTINGS_DEFAULTS, useDjSettings } from '@/features/dj-settings/api/get-dj-settings';
import { HomePage } from '@/features/home/components/home-page';
import { ListenPage } from '@/features/listen/components/listen-page';
import { useNowPlaying } from '@/features/player/api/get-now-playing';
import { useStationInfo } from '@/lib/station-info';
import { LivePlayer } from '@/features/player/components/live-player';
import { PlaylistPage } from '@/features/playlist/components/playlist-page';
import { RequestsPage } from '@/features/requests/components/requests-page';
import { UploadPage } from '@/features/uploads/components/upload-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

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
