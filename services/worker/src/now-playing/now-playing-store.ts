import type { Redis } from 'ioredis';
import {
  parseStoredJson,
  NOW_PLAYING_CHANNEL,
  NOW_PLAYING_HEALTH_KEY,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  sourceHealthSchema,
  type NowPlayingSnapshot,
  type SourceHealth,
} from '@radio/contracts';

export type { SourceHealth };

/** The now-playing cache in Redis: the last good snapshot (published on change) and ingestion health. */
export class NowPlayingStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async snapshot(): Promise<NowPlayingSnapshot | null> {
    return parseStoredJson(nowPlayingSnapshotSchema, await this.#redis.get(NOW_PLAYING_KEY));
  }

  /** Stores it and tells the playlist service. */
  async saveSnapshot(snapshot: NowPlayingSnapshot): Promise<void> {
    const json = JSON.stringify(nowPlayingSnapshotSchema.parse(snapshot));
    const results = await this.#redis
      .multi()
      .set(NOW_PLAYING_KEY, json)
      .publish(NOW_PLAYING_CHANNEL, json)
      .exec();
    const failure = results?.find(([error]) => error)?.[0];
    if (failure) throw failure;
  }

  /** Null before the first poll (or after Redis lost it). */
  async health(): Promise<SourceHealth | null> {
    return parseStoredJson(sourceHealthSchema, await this.#redis.get(NOW_PLAYING_HEALTH_KEY));
  }

  async saveHealth(health: SourceHealth): Promise<void> {
    await this.#redis.set(NOW_PLAYING_HEALTH_KEY, JSON.stringify(health));
  }
}
