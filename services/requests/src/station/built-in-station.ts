import type { ServiceApp } from '@radio/service-kit';
import type { RequestsConfig } from '../config.ts';
import type { StationRoutesOptions } from '../routes/station-routes.ts';
import type { SharedParts } from '../shared-parts.ts';
import { BuiltInPlaysRepository } from './built-in-plays-repository.ts';
import { icecastListeners } from './icecast-listeners.ts';
import { StationLibrary } from './station-library.ts';
import { TrackStarted } from './track-started.ts';

/** The built-in station's endpoints' parts: its plays, library, listeners and track starts. */
export function builtInStation(
  app: ServiceApp,
  config: RequestsConfig,
  { queue, transactions, enqueueIngest, publicOrigin, warnLimited }: SharedParts,
  /** A listener's request started (now played): its owner is told. Must not throw. */
  requestPlayed: (requestId: number) => void,
): StationRoutesOptions {
  const plays = new BuiltInPlaysRepository(app.db);
  const icecastUrl =
    config.ICECAST_URL ??
    (config.ICECAST_PORT === undefined ? undefined : `http://127.0.0.1:${config.ICECAST_PORT}`);
  return {
    plays,
    library: new StationLibrary({
      rotation: config.LIBRARY_DIR,
      requestOnly: config.REQUEST_LIBRARY_DIR,
    }),
    station: { name: config.STATION_NAME, timezone: config.STATION_TZ, publicOrigin },
    queue,
    listeners: async () => {
      if (icecastUrl === undefined) return 0;
      return icecastListeners(
        icecastUrl,
        warnLimited('icecast-status', 'Icecast status unreadable: 0 listeners published'),
      );
    },
    trackStarted: new TrackStarted({
      transactions,
      plays,
      queue,
      requestPlayed,
      // Now playing is read again at once, not at the next poll.
      playStarted: (playId) => {
        enqueueIngest(playId).catch(
          warnLimited(
            'ingest-on-track-start',
            'now playing not read at the track start (the next poll reads it)',
          ),
        );
      },
    }),
  };
}
