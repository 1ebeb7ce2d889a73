import { JobProducer } from '@radio/contracts/jobs-producer';
import {
  DEEZER_DOWNLOADER_KEY,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  parseStoredJson,
  renderNowPlaying,
  REQUEST_TRACK_READY_CHANNEL,
  type OwnRequest,
  type PublicDjSettings,
} from '@radio/contracts';
import {
  assertRedisReady,
  createService,
  Gauge,
  LiveEventPublisher,
  type ServiceApp,
} from '@radio/service-kit';
import { builtInNowPlayingUrl, DeezerApi, stationSourceKey } from '@radio/station';
import { pathSigningSecret } from '@radio/storage';
import type { RequestsConfig } from './config.ts';
import { catalogueTrackLookup } from './requests/deezer-track-lookup.ts';
import { deezerArlRoutes } from './routes/deezer-arl-routes.ts';
import { adminPlaylistRoutes } from './routes/admin-playlist-routes.ts';
import { adminOverviewRoutes } from './routes/admin-overview-routes.ts';
import { AdminOverviewService } from './overview/admin-overview.ts';
import { OverviewRepository } from './overview/overview-repository.ts';
import { AdminPlaylist } from './queue/admin-playlist.ts';
import { AutomationQueue } from './queue/automation-queue.ts';
import { DeezerCatalogue } from './catalogue/deezer-catalogue.ts';
import { NowPlayingClock } from './requests/now-playing-clock.ts';
import { createRequestModules, type RequestModules } from './requests/request-modules.ts';
import { StationSubmissions } from './requests/station-submissions.ts';
import { requestRoutes } from './routes/request-routes.ts';
import { searchRoutes } from './routes/search-routes.ts';
import { TrackSearch, SEARCH_RATE_LIMIT } from './search/track-search.ts';
import { LibrarySearchRepository } from './library/library-search-repository.ts';
import { CachedLibrarySearch } from './library/cached-library-search.ts';
import { RedisRateLimiter } from './catalogue/redis-rate-limiter.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { adminSettingsRoutes } from './routes/admin-settings-routes.ts';
import { AdminSettings } from './settings/admin-settings.ts';
import { stationRoutes } from './routes/station-routes.ts';
import { liveRoutes } from './routes/live-routes.ts';
import { LiveHub } from './live/live-hub.ts';
import { toPublicSettings } from './settings/public-settings.ts';
import { SettingsRepository } from './settings/settings-repository.ts';
import { SettingsSwitches } from './settings/settings-switches.ts';
import { BuiltInPlaysRepository } from './station/built-in-plays-repository.ts';
import { StationLibrary } from './station/station-library.ts';
import { icecastListeners } from './station/icecast-listeners.ts';

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
  return createService({
    name: 'requests',
    config,
    routes: async (app) => {
      const settings = new SettingsRepository(app.db);
      const catalogue = new DeezerCatalogue({
        redis: app.redis,
        api: new DeezerApi({ baseUrl: config.DEEZER_API_URL }),
        cacheHours: config.DEEZER_CACHE_HOURS,
        log: app.log,
      });
      const publicOrigin = config.PUBLIC_ORIGIN[0] ?? '';
      const builtInUrl = config.BUILT_IN_STATION_URL
        ? builtInNowPlayingUrl(config.BUILT_IN_STATION_URL)
        : null;
      const builtInSource = builtInUrl === null ? null : stationSourceKey(builtInUrl);
      const queue = new AutomationQueue(app.db, {
        libraryDir: config.LIBRARY_DIR,
        requestLibraryDir: config.REQUEST_LIBRARY_DIR,
        filesOrigin: publicOrigin,
        filesSigningSecret: pathSigningSecret(config.INTERNAL_TOKEN),
        builtInSource,
      });
      const nowPlaying = new NowPlayingClock(app.redis);
      /** A failure that may repeat often: logged as a warning at most once a minute per key. */
      const warnLimited =
        (key: string, message: string) =>
        (error: unknown): void =>
          app.logLimiter.log(app.log, 'warn', key, { error: (error as Error).message }, message);
      const jobs = new JobProducer(app.redis, warnLimited('job-queue', 'job queue error'));
      app.addHook('onClose', () => jobs.close());
      // Live push: settings and my-request events from here, now-playing events from the worker.
      const liveEvents = new LiveEventPublisher(
        app.redis,
        warnLimited('live-events-publish', 'live event not published'),
      );
      const requestChanged = (userId: number, request: OwnRequest): void =>
        void liveEvents.publish('my-request', request, userId);
      const announce = (requestId: number): void => {
        requests.lists
          .announce(requestId)
          .catch(warnLimited('live-events-request', 'request change not told to its owner'));
      };
      const requests = createRequestModules({
        db: app.db,
        queue,
        settings: () => settings.get(),
        nowPlaying,
        lookupDeezerTrack: catalogueTrackLookup(catalogue),
        // Every worker with a downloader keeps this key alive (services/worker/src/acquisition).
        deezerDownloaderAvailable: async () =>
          (await app.redis.exists(DEEZER_DOWNLOADER_KEY)) === 1,
        enqueueAcquisition: async (requestId) => {
          assertRedisReady(app.redis);
          await jobs.enqueue(
            'acquire-deezer-track',
            { requestId },
            { retryDelayMs: config.DEEZER_DOWNLOAD_RETRY_SECONDS * 1000 },
          );
        },
        stationSubmissions: new StationSubmissions({
          db: app.db,
          settings: () => settings.get(),
          queue,
          log: app.log,
          changed: announce,
          clock: options.clock,
        }),
        requestChanged,
        clock: options.clock,
      });

      options.expose?.({ rules: requests.rules, requests: requests.approved, queue });

      const settingsChanged = (after: PublicDjSettings): void =>
        void liveEvents.publish('settings', after);
      const liveHub = new LiveHub({ redis: app.redis, log: app.log, logLimiter: app.logLimiter });
      app.addHook('onReady', () => liveHub.start());
      // Open streams never end by themselves: end them before the server waits for them.
      app.addHook('preClose', async () => liveHub.stop());
      new Gauge({
        name: 'live_connections',
        help: 'Open live event streams (GET /api/events) of this copy',
        registers: [app.metrics],
        collect() {
          this.set(liveHub.size);
        },
      });
      await app.register(
        liveRoutes({
          hub: liveHub,
          state: async () => {
            const [snapshot, row] = await Promise.all([
              app.redis.get(NOW_PLAYING_KEY),
              settings.get(),
            ]);
            return {
              nowPlaying: renderNowPlaying(
                parseStoredJson(nowPlayingSnapshotSchema, snapshot),
                Date.now(),
                config.STATION_NAME,
              ),
              settings: toPublicSettings(row),
            };
          },
        }),
      );

      await app.register(
        settingsRoutes(
          new SettingsSwitches({ settings, requests: requests.approved, changed: settingsChanged }),
        ),
      );
      await app.register(
        adminSettingsRoutes(
          new AdminSettings({
            settings,
            builtInUrl,
            privateOrigins: config.PRIVATE_SOURCE_ORIGINS,
            changed: settingsChanged,
          }),
        ),
      );
      await app.register(requestRoutes(requests));
      await app.register(
        searchRoutes(
          new TrackSearch({
            library: new CachedLibrarySearch(new LibrarySearchRepository(app.db), app.redis),
            catalogue,
            rules: requests.rules,
            limiter: new RedisRateLimiter(app.redis, 'search:user', SEARCH_RATE_LIMIT),
            settings: () => settings.get(),
            clock: options.clock,
          }),
        ),
      );
      await app.register(
        deezerArlRoutes({
          settings,
          gatewayUrl: config.DEEZER_GATEWAY_URL,
          timeoutMs: config.DEEZER_GATEWAY_TIMEOUT_SECONDS * 1000,
        }),
      );
      await app.register(
        adminPlaylistRoutes(
          new AdminPlaylist({
            queue,
            settings: () => settings.get(),
            remainingSeconds: (now) => nowPlaying.remainingSeconds(now),
            builtInSource,
            clock: options.clock,
          }),
        ),
      );
      await app.register(
        adminOverviewRoutes(
          new AdminOverviewService({
            repository: new OverviewRepository(app.db, config.STATION_TZ),
            redis: app.redis,
            settings: () => settings.get(),
            builtInSource,
            clock: options.clock,
          }),
        ),
      );
      const icecastUrl =
        config.ICECAST_URL ??
        (config.ICECAST_PORT === undefined ? undefined : `http://127.0.0.1:${config.ICECAST_PORT}`);
      await app.register(
        stationRoutes({
          plays: new BuiltInPlaysRepository(app.db),
          library: new StationLibrary({
            rotation: config.LIBRARY_DIR,
            requestOnly: config.REQUEST_LIBRARY_DIR,
          }),
          station: {
            name: config.STATION_NAME,
            timezone: config.STATION_TZ,
            publicOrigin,
          },
          queue,
          requestPlayed: announce,
          playStarted: (playId) => {
            const enqueue = async (): Promise<void> => {
              assertRedisReady(app.redis);
              await jobs.enqueue('ingest-now-playing', { play: playId });
            };
            enqueue().catch(
              warnLimited(
                'ingest-on-track-start',
                'now playing not read at the track start (the next poll reads it)',
              ),
            );
          },
          listeners: async () => {
            if (icecastUrl === undefined) return 0;
            return icecastListeners(
              icecastUrl,
              warnLimited('icecast-status', 'Icecast status unreadable: 0 listeners published'),
            );
          },
        }),
      );

      // The worker says a Deezer request's track is in the library: queue it. On every
      // (re)connection, queue what a missed message left behind.
      const subscriber = app.redis.duplicate({ commandTimeout: undefined });
      subscriber.on('error', warnLimited('redis-subscriber', 'redis subscriber error'));
      subscriber.on('message', (_channel: string, message: string) => {
        const requestId = Number(message);
        if (!Number.isSafeInteger(requestId) || requestId <= 0) return;
        requests.approved.trackReady(requestId).then(
          (queued) => {
            app.log.info({ requestId, queued }, 'deezer request ready');
            // Its download is done and it has its place now: the owner sees both.
            announce(requestId);
          },
          (error: unknown) =>
            app.log.error({ err: error, requestId }, 'queueing a ready request failed'),
        );
      });
      const catchUp = async (): Promise<void> => {
        await subscriber.subscribe(REQUEST_TRACK_READY_CHANNEL);
        const queued = await requests.approved.reconcile();
        if (queued > 0) app.log.info({ queued }, 'queued approved requests left unqueued');
      };
      const catchUpLogged = (): void => {
        catchUp().catch((error: unknown) =>
          app.log.warn({ err: error }, 'catching up on ready requests failed'),
        );
      };
      app.addHook('onReady', async () => {
        if (subscriber.status === 'ready') catchUpLogged();
        subscriber.on('ready', catchUpLogged);
      });
      app.addHook('onClose', async () => {
        subscriber.disconnect();
      });

      const stationKey = config.STATION_API_KEY;
      app.addHook('onReady', async () => {
        if (
          stationKey !== undefined &&
          (await settings.adoptStationKey(stationKey, config.INTERNAL_TOKEN))
        ) {
          app.log.info('the built-in station key: STATION_API_KEY of the environment');
        }
        if (builtInUrl !== null && (await settings.useBuiltInStationAsNonstop(builtInUrl))) {
          app.log.info({ nowPlayingUrl: builtInUrl }, 'nonstop source: the built-in station');
        }
      });
    },
  });
}
