import type { Redis } from 'ioredis';
import {
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  parseStoredJson,
  renderNowPlaying,
} from '@radio/contracts';
import type { LiveState } from '../routes/live-routes.ts';
import { toPublicSettings } from '../settings/public-settings.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';

export interface LiveStateSources {
  redis: Redis;
  settings: SettingsRepository;
  /** The station's name in now playing. */
  stationName: string;
}

/**
 * What a page that resyncs its live stream is sent: now playing as the worker last stored it in
 * Redis, and the public settings from the database.
 */
export const liveState =
  ({ redis, settings, stationName }: LiveStateSources) =>
  async (): Promise<LiveState> => {
    const [snapshot, row] = await Promise.all([redis.get(NOW_PLAYING_KEY), settings.get()]);
    return {
      nowPlaying: renderNowPlaying(
        parseStoredJson(nowPlayingSnapshotSchema, snapshot),
        Date.now(),
        stationName,
      ),
      settings: toPublicSettings(row),
    };
  };
