import { randomUUID } from 'node:crypto';
import type { Db } from '@radio/db';
import type { BuiltInPlay } from '@radio/station';
import { executorOf, type Tx } from '../db/transactions-repository.ts';

/** Long enough for the worker's history backfill (two weeks) with a margin. */
const PLAY_LOG_RETENTION_DAYS = 15;

export interface PlayReport extends Omit<BuiltInPlay, 'id' | 'startedAt'> {
  /** Minted by the station for this play: a repeated report of it stores nothing new. */
  playId?: string;
  /** When the station started it; defaults to now. */
  startedAt?: Date;
}

const columns = ['id', 'startedAt', 'duration', 'artist', 'title', 'album', 'filename'] as const;

/** What the built-in station played (its now playing and history), kept in Postgres. */
export class BuiltInPlaysRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores a play once per play id; answers the stored play (the first one for a repeat). */
  async record(
    { playId, startedAt, ...song }: PlayReport,
    trx?: Tx,
    now = new Date(),
  ): Promise<BuiltInPlay> {
    const db = executorOf(this.#db, trx);
    const key = playId ?? randomUUID();
    const inserted = await db
      .insertInto('builtInPlays')
      .values({ playId: key, startedAt: startedAt ?? now, ...song })
      .onConflict((conflict) => conflict.column('playId').doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (inserted) {
      await db
        .deleteFrom('builtInPlays')
        .where('startedAt', '<', new Date(now.getTime() - PLAY_LOG_RETENTION_DAYS * 86_400_000))
        .execute();
      return toPlay(inserted);
    }
    return toPlay(
      await db
        .selectFrom('builtInPlays')
        .select(columns)
        .where('playId', '=', key)
        .executeTakeFirstOrThrow(),
    );
  }

  /** The last `count` plays, newest first. */
  async newest(count: number): Promise<BuiltInPlay[]> {
    const rows = await this.#db
      .selectFrom('builtInPlays')
      .select(columns)
      .orderBy('startedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    return rows.map(toPlay);
  }

  /** Plays that started within [start, end], newest first. */
  async between(start: Date, end: Date): Promise<BuiltInPlay[]> {
    const rows = await this.#db
      .selectFrom('builtInPlays')
      .select(columns)
      .where('startedAt', '>=', start)
      .where('startedAt', '<=', end)
      .orderBy('startedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toPlay);
  }
}

type Row = Omit<BuiltInPlay, 'id' | 'startedAt'> & { id: string; startedAt: Date };

function toPlay({ id, startedAt, ...song }: Row): BuiltInPlay {
  return {
    id: Number(id),
    startedAt: Math.floor(startedAt.getTime() / 1000),
    startedAtMs: startedAt.getTime(),
    ...song,
  };
}
