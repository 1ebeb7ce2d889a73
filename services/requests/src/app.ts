/**
 * The requests service's wiring: the shared parts, the requests, the plugins that run beside
 * the routes (live hub, gauges, track-ready subscriber, settings at start), then the routes.
 */
import { DEEZER_DOWNLOADER_KEY } from '@radio/contracts';
import { createService, type ServiceApp } from '@radio/service-kit';
import type { RequestsConfig } from './config.ts';
import { RedisRateLimiter } from './catalogue/redis-rate-limiter.ts';
import { CachedLibrarySearch } from './library/cached-library-search.ts';
import { LibrarySearchRepository } from './library/library-search-repository.ts';
import { live } from './live/live.ts';
import { trackReadySubscriber } from './live/track-ready-subscriber.ts';
import { AdminOverviewService } from './overview/admin-overview.ts';
import { OverviewRepository } from './overview/overview-repository.ts';
import { AdminPlaylist } from './queue/admin-playlist.ts';
import type { AutomationQueue } from './queue/automation-queue.ts';
import { catalogueTrackLookup } from './requests/deezer-track-lookup.ts';
import { createRequestModules, type RequestModules } from './requests/request-modules.ts';
import { StationSubmissions } from './requests/station-submissions.ts';
import { adminOverviewRoutes } from './routes/admin-overview-routes.ts';
import { adminPlaylistRoutes } from './routes/admin-playlist-routes.ts';
import { adminSettingsRoutes } from './routes/admin-settings-routes.ts';
import { deezerArlRoutes } from './routes/deezer-arl-routes.ts';
import { requestRoutes } from './routes/request-routes.ts';
import { searchRoutes } from './routes/search-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { stationRoutes } from './routes/station-routes.ts';
import { SEARCH_RATE_LIMIT, TrackSearch } from './search/track-search.ts';
import { AdminSettings } from './settings/admin-settings.ts';
import { builtInStationSettings } from './settings/built-in-station-settings.ts';
import { SettingsSwitches } from './settings/settings-switches.ts';
import { sharedParts } from './shared-parts.ts';
import { builtInStation } from './station/built-in-station.ts';

export interface RequestsAppOptions {
  /** The clock of the request rules (tests move it). */
  clock?: () => Date;
  /** Receives the request parts once built (tests; the search routes take `rules`). */
  expose?: (parts: RequestParts) => void;
}

export interface RequestParts {
  rules: RequestModules['rules'];
  requests: RequestModules['approved'];
  queue: AutomationQueue;
}

export function buildApp(
  config: RequestsConfig,
  options: RequestsAppOptions = {},
): Promise<ServiceApp> {
  return createService({ name: 'requests', config, routes: (app) => routes(app, config, options) });
}

async function routes(
  app: ServiceApp,
  config: RequestsConfig,
  options: RequestsAppOptions,
): Promise<void> {
  const { clock } = options;
  const parts = sharedParts(app, config);
  const { settings, currentSettings, queue, catalogue, builtInSource, warnLimited } = parts;

  // ── The requests (requests/*): rules, submit, review, lists. ──
  const announce = (requestId: number): void => {
    requests.lists
      .announce(requestId)
      .catch(warnLimited('live-events-request', 'request change not told to its owner'));
  };
  const requests = createRequestModules({
    db: app.db,
    queue,
    settings: currentSettings,
    nowPlaying: parts.nowPlaying,
    lookupDeezerTrack: catalogueTrackLookup(catalogue),
    // Every worker with a downloader keeps this key alive (services/worker/src/acquisition).
    deezerDownloaderAvailable: async () => (await app.redis.exists(DEEZER_DOWNLOADER_KEY)) === 1,
    enqueueAcquisition: parts.enqueueAcquisition,
    stationSubmissions: new StationSubmissions({
      db: app.db,
      settings: currentSettings,
      queue,
      log: app.log,
      changed: announce,
      clock,
    }),
    requestChanged: parts.requestChanged,
    clock,
  });
  // ── End of the requests. ──
  const { rules, approved } = requests;
  options.expose?.({ rules, requests: approved, queue });

  // Plugins that run beside the routes, then the routes.
  const { builtInUrl } = parts;
  const warn = warnLimited('redis-subscriber', 'redis subscriber error');
  await app.register(trackReadySubscriber({ requests: approved, announce, warn }));
  await app.register(builtInStationSettings({ settings, config, builtInUrl }));
  await app.register(live({ settings, stationName: config.STATION_NAME }));
  const changed = parts.settingsChanged;
  await app.register(
    settingsRoutes(new SettingsSwitches({ settings, requests: approved, changed })),
  );
  const privateOrigins = config.PRIVATE_SOURCE_ORIGINS;
  const adminSettings = new AdminSettings({ settings, builtInUrl, privateOrigins, changed });
  await app.register(adminSettingsRoutes(adminSettings));
  await app.register(requestRoutes(requests));
  const library = new CachedLibrarySearch(new LibrarySearchRepository(app.db), app.redis);
  const limiter = new RedisRateLimiter(app.redis, 'search:user', SEARCH_RATE_LIMIT);
  const search = new TrackSearch({
    library,
    catalogue,
    rules,
    limiter,
    clock,
    settings: currentSettings,
  });
  await app.register(searchRoutes(search));
  const gatewayUrl = config.DEEZER_GATEWAY_URL;
  const timeoutMs = config.DEEZER_GATEWAY_TIMEOUT_SECONDS * 1000;
  await app.register(deezerArlRoutes({ settings, gatewayUrl, timeoutMs }));
  const remainingSeconds = (now: Date) => parts.nowPlaying.remainingSeconds(now);
  const playlist = new AdminPlaylist({
    queue,
    settings: currentSettings,
    remainingSeconds,
    builtInSource,
    clock,
  });
  await app.register(adminPlaylistRoutes(playlist));
  const repository = new OverviewRepository(app.db, config.STATION_TZ);
  const overview = new AdminOverviewService({
    repository,
    redis: app.redis,
    settings: currentSettings,
    builtInSource,
    clock,
  });
  await app.register(adminOverviewRoutes(overview));
  await app.register(stationRoutes(builtInStation(app, config, parts, announce)));
}
