import type { Redis } from 'ioredis';
import type { LiveEventPublisher } from '@radio/service-kit';
import {
  parseStoredJson,
  renderNowPlaying,
  NOW_PLAYING_CHANNEL,
  NOW_PLAYING_HEALTH_KEY,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  sourceHealthSchema,
  type NowPlayingSnapshot,
  type SourceHealth,
} from '@radio/contracts';
import { visiblyChanged } from './snapshot.ts';

export type { SourceHealth };

export interface LiveNowPlaying {
  publisher: Pick<LiveEventPublisher, 'publish'>;
  /** Shown when the source names no station (STATION_NAME). */
  stationName: string;
  /** Unix ms: the moment it is rendered for. */
  now: () => number;
}

/** The now-playing cache in Redis: the last good snapshot (published on change) and ingestion health. */
export class NowPlayingStore {
  readonly #redis: Redis;
  readonly #live: LiveNowPlaying | null;

  /** With `live`: a visible change is also published to the listeners' pages. */
  constructor(redis: Redis, live: LiveNowPlaying | null = null) {
    this.#redis = redis;
    this.#live = live;
  }

  async snapshot(): Promise<NowPlayingSnapshot | null> {
    return parseStoredJson(nowPlayingSnapshotSchema, await this.#redis.get(NOW_PLAYING_KEY));
  }

  /**
   * Stores it and tells the playlist service (every poll: its age counts); when listeners would
   * see something else than with `previous`, also the open pages (the live `now-playing` event,
   * rendered as GET /api/now-playing answers it).
   */
  async saveSnapshot(
    snapshot: NowPlayingSnapshot,
    previous: NowPlayingSnapshot | null,
  ): Promise<void> {
    const json = JSON.stringify(nowPlayingSnapshotSchema.parse(snapshot));
    const results = await this.#redis
      .multi()
      .set(NOW_PLAYING_KEY, json)
      .publish(NOW_PLAYING_CHANNEL, json)
      .exec();
    const failure = results?.find(([error]) => error)?.[0];
    if (failure) throw failure;
    if (this.#live && visiblyChanged(previous, snapshot)) {
      const { publisher, stationName, now } = this.#live;
      // Fire-and-forget: a lost event costs the pages one poll, never the ingestion.
      void publisher.publish('now-playing', renderNowPlaying(snapshot, now(), stationName));
    }
  }

  /** Null before the first poll (or after Redis lost it). */
  async health(): Promise<SourceHealth | null> {
    return parseStoredJson(sourceHealthSchema, await this.#redis.get(NOW_PLAYING_HEALTH_KEY));
  }

  async saveHealth(health: SourceHealth): Promise<void> {
    await this.#redis.set(NOW_PLAYING_HEALTH_KEY, JSON.stringify(health));
  }
}
