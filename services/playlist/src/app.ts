import { renderNowPlaying } from '@radio/contracts';
import { createService, type ServiceApp } from '@radio/service-kit';
import { PlayHistoryRepository } from './archive/play-history-repository.ts';
import { PlaylistArchive } from './archive/playlist-archive.ts';
import type { PlaylistConfig } from './config.ts';
import { NowPlayingFeed } from './now-playing/now-playing-feed.ts';
import { nowPlayingRoutes } from './routes/now-playing-routes.ts';
import { playHistoryExportRoutes } from './routes/play-history-export-routes.ts';
import { playlistRoutes } from './routes/playlist-routes.ts';
import { stationInfoRoutes } from './routes/station-info-routes.ts';
import { stationInfoOf } from './station/station-info.ts';

export function buildApp(config: PlaylistConfig): Promise<ServiceApp> {
  return createService({
    name: 'playlist',
    config,
    routes: async (app) => {
      const feed = new NowPlayingFeed({
        redis: app.redis,
        log: app.log,
        render: (snapshot, nowMs) => renderNowPlaying(snapshot, nowMs, config.STATION_NAME),
      });
      app.addHook('onClose', async () => feed.stop());
      await feed.start();
      const plays = new PlayHistoryRepository(app.db, config.STATION_TZ);
      await app.register(nowPlayingRoutes(feed));
      await app.register(playlistRoutes(new PlaylistArchive(plays, config.STATION_TZ)));
      await app.register(playHistoryExportRoutes(plays, config.STATION_TZ));
      await app.register(stationInfoRoutes(stationInfoOf(config)));
    },
  });
}
