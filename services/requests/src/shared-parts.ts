import { JobProducer } from '@radio/contracts/jobs-producer';
import type { OwnRequest, PublicDjSettings } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { assertRedisReady, LiveEventPublisher, type ServiceApp } from '@radio/service-kit';
import { builtInNowPlayingUrl, DeezerApi, stationSourceKey } from '@radio/station';
import { pathSigningSecret } from '@radio/storage';
import type { RequestsConfig } from './config.ts';
import { DeezerCatalogue } from './catalogue/deezer-catalogue.ts';
import { DbTransactions } from './db/transactions-repository.ts';
import { AutomationQueue } from './queue/automation-queue.ts';
import { NowPlayingClock } from './requests/now-playing-clock.ts';
import { SettingsRepository } from './settings/settings-repository.ts';

/** What the service's features share (app.ts passes it on). */
export interface SharedParts {
  settings: SettingsRepository;
  /** The settings row as it is now. */
  currentSettings: () => Promise<DjSettingsRow>;
  transactions: DbTransactions;
  queue: AutomationQueue;
  catalogue: DeezerCatalogue;
  nowPlaying: NowPlayingClock;
  /** The worker downloads a Deezer request's track (retried with back-off). */
  enqueueAcquisition: (requestId: number) => Promise<void>;
  /** The worker reads now playing at once (a play started). */
  enqueueIngest: (playId: number) => Promise<void>;
  /** The built-in station's now-playing URL and source key when it runs. */
  builtInUrl: string | null;
  builtInSource: string | null;
  /** The site's origin (the first PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Live events: the public settings changed; a listener's request changed. */
  settingsChanged: (after: PublicDjSettings) => void;
  requestChanged: (userId: number, request: OwnRequest) => void;
  /** A failure that may repeat often: logged as a warning at most once a minute per key. */
  warnLimited: (key: string, message: string) => (error: unknown) => void;
}

export function sharedParts(app: ServiceApp, config: RequestsConfig): SharedParts {
  const warnLimited =
    (key: string, message: string) =>
    (error: unknown): void =>
      app.logLimiter.log(app.log, 'warn', key, { error: (error as Error).message }, message);
  const settings = new SettingsRepository(app.db);
  const publicOrigin = config.PUBLIC_ORIGIN[0] ?? '';
  const builtInUrl = config.BUILT_IN_STATION_URL
    ? builtInNowPlayingUrl(config.BUILT_IN_STATION_URL)
    : null;
  const builtInSource = builtInUrl === null ? null : stationSourceKey(builtInUrl);
  const jobs = new JobProducer(app.redis, warnLimited('job-queue', 'job queue error'));
  app.addHook('onClose', () => jobs.close());
  // Live push: settings and my-request events from here, now-playing events from the worker.
  const liveEvents = new LiveEventPublisher(
    app.redis,
    warnLimited('live-events-publish', 'live event not published'),
  );
  return {
    settings,
    currentSettings: () => settings.get(),
    transactions: new DbTransactions(app.db),
    queue: new AutomationQueue(app.db, {
      libraryDir: config.LIBRARY_DIR,
      requestLibraryDir: config.REQUEST_LIBRARY_DIR,
      filesOrigin: publicOrigin,
      filesSigningSecret: pathSigningSecret(config.INTERNAL_TOKEN),
      builtInSource,
    }),
    catalogue: new DeezerCatalogue({
      redis: app.redis,
      api: new DeezerApi({ baseUrl: config.DEEZER_API_URL }),
      cacheHours: config.DEEZER_CACHE_HOURS,
      log: app.log,
    }),
    nowPlaying: new NowPlayingClock(app.redis),
    enqueueAcquisition: async (requestId) => {
      assertRedisReady(app.redis);
      const retryDelayMs = config.DEEZER_DOWNLOAD_RETRY_SECONDS * 1000;
      await jobs.enqueue('acquire-deezer-track', { requestId }, { retryDelayMs });
    },
    enqueueIngest: async (playId) => {
      assertRedisReady(app.redis);
      await jobs.enqueue('ingest-now-playing', { play: playId });
    },
    builtInUrl,
    builtInSource,
    publicOrigin,
    settingsChanged: (after) => void liveEvents.publish('settings', after),
    requestChanged: (userId, request) => void liveEvents.publish('my-request', request, userId),
    warnLimited,
  };
}
