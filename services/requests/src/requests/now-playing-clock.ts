import type { Redis } from 'ioredis';
import { NOW_PLAYING_KEY, nowPlayingSnapshotSchema } from '@radio/contracts';

/** The current song's remaining seconds, from the worker's now-playing snapshot in Redis. */
export class NowPlayingClock {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  /** 0 when nothing plays, its length is unknown, or there is no snapshot. */
  async remainingSeconds(now: Date): Promise<number> {
    const raw = await this.#redis.get(NOW_PLAYING_KEY);
    if (!raw) return 0;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return 0;
    }
    const snapshot = nowPlayingSnapshotSchema.safeParse(parsed);
    const current = snapshot.success ? snapshot.data.current : null;
    if (!snapshot.success || !current || current.duration <= 0) return 0;
    const elapsed = current.elapsed + (now.getTime() - snapshot.data.observedAt) / 1000;
    return Math.max(0, Math.round(current.duration - elapsed));
  }
}
