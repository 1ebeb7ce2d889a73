import type { Redis } from 'ioredis';
import type { z } from 'zod';
import {
  NOW_PLAYING_CHANNEL,
  NOW_PLAYING_HEALTH_KEY,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  sourceHealthSchema,
  type NowPlayingSnapshot,
  type SourceHealth,
} from '@radio/contracts';

export type { SourceHealth };

function parsed<T>(schema: z.ZodType<T>, json: string | null): T | null {
  if (json === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The now-playing cache in Redis: the last good snapshot (published on change) and ingestion health. */
export class NowPlayingStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async snapshot(): Promise<NowPlayingSnapshot | null> {
    return parsed(nowPlayingSnapshotSchema, await this.#redis.get(NOW_PLAYING_KEY));
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
    return parsed(sourceHealthSchema, await this.#redis.get(NOW_PLAYING_HEALTH_KEY));
  }

  async saveHealth(health: SourceHealth): Promise<void> {
    await this.#redis.set(NOW_PLAYING_HEALTH_KEY, JSON.stringify(health));
  }
}
