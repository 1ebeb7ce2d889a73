import type { Redis } from 'ioredis';
import { builtInPlaySchema, type BuiltInPlay } from '@radio/station';

/** Long enough for the worker's history backfill (two weeks) with a margin. */
export const PLAY_LOG_RETENTION_DAYS = 15;

const ID_KEY = 'station:built-in:play-id';
/** Sorted by start time in milliseconds; members are the plays as JSON. */
const PLAYS_KEY = 'station:built-in:plays';

/** What the built-in station played (its now playing and history), kept in Redis. */
export class PlayLog {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  /** Records a play that starts now; answers it with its new id. */
  async record(
    song: Omit<BuiltInPlay, 'id' | 'startedAt'>,
    now = new Date(),
  ): Promise<BuiltInPlay> {
    const startedAtMs = now.getTime();
    // The counter starts at the current unix time: with less than one play a second, a Redis
    // that lost its data never hands out an id that the play history already holds.
    await this.#redis.set(ID_KEY, String(Math.floor(startedAtMs / 1000)), 'NX');
    const id = await this.#redis.incr(ID_KEY);
    const play: BuiltInPlay = { id, startedAt: Math.floor(startedAtMs / 1000), ...song };
    const cutoff = startedAtMs - PLAY_LOG_RETENTION_DAYS * 86_400_000;
    await this.#redis
      .multi()
      .zadd(PLAYS_KEY, startedAtMs, JSON.stringify(play))
      .zremrangebyscore(PLAYS_KEY, '-inf', `(${cutoff}`)
      .exec();
    return play;
  }

  /** The last `count` plays, newest first. */
  async newest(count: number): Promise<BuiltInPlay[]> {
    return this.#parse(await this.#redis.zrange(PLAYS_KEY, '0', String(count - 1), 'REV'));
  }

  /** Plays that started within [start, end], newest first. */
  async between(start: Date, end: Date): Promise<BuiltInPlay[]> {
    return this.#parse(
      await this.#redis.zrange(
        PLAYS_KEY,
        String(end.getTime()),
        String(start.getTime()),
        'BYSCORE',
        'REV',
      ),
    );
  }

  #parse(members: string[]): BuiltInPlay[] {
    return members.map((member) => builtInPlaySchema.parse(JSON.parse(member)));
  }
}
